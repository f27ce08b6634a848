//! Durations as Helm and kubectl spell them: Go's `time.ParseDuration`
//! syntax (`90s`, `5m`, `1h30m`, `1.5h`, `500ms`).

use std::time::Duration;

/// Parses a Go duration. A bare number is refused with a hint, since `30`
/// could mean seconds or minutes; `0` alone is zero, as in Go.
pub fn parse(text: &str) -> Result<Duration, String> {
    let trimmed = text.trim();
    if trimmed == "0" {
        return Ok(Duration::ZERO);
    }
    if !trimmed.is_empty() && trimmed.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(format!(
            "{text:?} has no unit: write {trimmed}s for seconds (or 5m, 1h30m, 500ms)"
        ));
    }
    let invalid = || format!("{text:?} is not a duration like 90s, 5m, 1h30m or 500ms");
    let mut rest = trimmed;
    let mut total = 0f64;
    if rest.is_empty() {
        return Err(invalid());
    }
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(invalid)?;
        let (number, after) = rest.split_at(number_end);
        let value: f64 = number.parse().map_err(|_| invalid())?;
        let unit_end = after
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(after.len());
        let (unit, after) = after.split_at(unit_end);
        let seconds = match unit {
            "ns" => 1e-9,
            "us" | "µs" | "μs" => 1e-6,
            "ms" => 1e-3,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => {
                return Err(format!(
                    "{text:?}: unknown unit {unit:?} (use ns, us, ms, s, m or h)"
                ));
            }
        };
        total += value * seconds;
        rest = after;
    }
    Duration::try_from_secs_f64(total).map_err(|_| invalid())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations_parse_as_go_parses_them() {
        for (text, seconds) in [
            ("90s", 90.0),
            ("5m", 300.0),
            ("1h30m", 5400.0),
            ("1.5h", 5400.0),
            ("500ms", 0.5),
            ("2m30s", 150.0),
            ("0", 0.0),
            ("1h0m0s", 3600.0),
        ] {
            assert_eq!(parse(text), Ok(Duration::from_secs_f64(seconds)), "{text}");
        }
    }

    #[test]
    fn a_bare_number_and_nonsense_are_refused_with_a_hint() {
        assert_eq!(
            parse("30").unwrap_err(),
            "\"30\" has no unit: write 30s for seconds (or 5m, 1h30m, 500ms)"
        );
        assert!(parse("5 minutes").unwrap_err().contains("unknown unit"));
        assert!(parse("").is_err());
        assert!(parse("m").is_err());
        assert!(parse("1d").unwrap_err().contains("unknown unit \"d\""));
    }
}
