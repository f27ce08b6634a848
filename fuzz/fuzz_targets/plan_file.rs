//! The plan file reader: any text either is refused with an error or reads
//! into a plan that writes back and reads again to the same plan and hash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libpkg::plan::Plan;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(plan) = Plan::from_json(text) else { return };
    let _ = plan.verify_hash();
    let again = Plan::from_json(&plan.to_json_pretty()).expect("a plan written back reads again");
    assert_eq!(again, plan);
    assert_eq!(again.compute_hash(), plan.compute_hash());
    let masked = plan.masked();
    assert_eq!(masked.hash, plan.hash);
    let _ = masked.is_masked();
});
