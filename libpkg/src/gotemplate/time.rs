//! Go's `time.Time` as sprig's date functions use it: Go's layout-based
//! formatting (`2006-01-02T15:04:05Z07:00`) and parsing (`toDate`), the
//! `String` form templates print, and RFC 3339 for JSON.
//!
//! Time zones: `UTC` and `Local` (which is UTC here, so renders do not
//! depend on the machine) are known; other zone names fall back to UTC, as
//! sprig does when a zone cannot be loaded. Fixed offsets parsed from text
//! are kept.

use std::rc::Rc;

/// A point in time with the zone it is shown in.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Time {
    /// Seconds since the Unix epoch.
    pub(crate) secs: i64,
    /// Nanoseconds within the second.
    pub(crate) nanos: u32,
    /// The zone's offset from UTC, in seconds east.
    pub(crate) offset: i32,
    /// The zone's abbreviation (`UTC`, or empty for a bare offset).
    pub(crate) zone: Rc<str>,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719468;
    let era = if z >= 0 { z } else { z - 146096 } / 146097;
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

/// The broken-down local fields of a time.
struct Fields {
    year: i64,
    month: u32,
    day: u32,
    yday: u32,
    wday: u32,
    hour: u32,
    min: u32,
    sec: u32,
}

impl Time {
    /// A UTC time from Unix seconds.
    pub(crate) fn unix(secs: i64, nanos: u32) -> Time {
        Time {
            secs,
            nanos,
            offset: 0,
            zone: "UTC".into(),
        }
    }

    /// Go's zero time, 0001-01-01 00:00:00 UTC.
    pub(crate) fn zero() -> Time {
        Time::unix(days_from_civil(1, 1, 1) * 86400, 0)
    }

    /// The same instant shown in zone `name` (UTC for unknown zones).
    pub(crate) fn in_zone(&self, _name: &str) -> Time {
        Time {
            secs: self.secs,
            nanos: self.nanos,
            offset: 0,
            zone: "UTC".into(),
        }
    }

    fn fields(&self) -> Fields {
        let local = self.secs + self.offset as i64;
        let days = local.div_euclid(86400);
        let rem = local.rem_euclid(86400) as u32;
        let (year, month, day) = civil_from_days(days);
        let yday = (days - days_from_civil(year, 1, 1)) as u32 + 1;
        let wday = (days + 4).rem_euclid(7) as u32;
        Fields {
            year,
            month,
            day,
            yday,
            wday,
            hour: rem / 3600,
            min: rem / 60 % 60,
            sec: rem % 60,
        }
    }

    /// Go's `Time.String`.
    pub(crate) fn go_string(&self) -> String {
        self.format("2006-01-02 15:04:05.999999999 -0700 MST")
    }

    /// Go's `Time.Format`.
    pub(crate) fn format(&self, layout: &str) -> String {
        let f = self.fields();
        let mut out = String::new();
        let mut rest = layout;
        while !rest.is_empty() {
            let (prefix, token, suffix) = next_std(rest);
            out.push_str(prefix);
            rest = suffix;
            let Some(tok) = token else { break };
            let off = self.offset;
            let abs_off = off.unsigned_abs();
            let sign = if off < 0 { '-' } else { '+' };
            match tok {
                Std::Year => out.push_str(&format!("{:04}", f.year)),
                Std::Year2 => out.push_str(&format!("{:02}", f.year.rem_euclid(100))),
                Std::LongMonth => out.push_str(MONTHS[f.month as usize - 1]),
                Std::Month => out.push_str(&MONTHS[f.month as usize - 1][..3]),
                Std::NumMonth => out.push_str(&f.month.to_string()),
                Std::ZeroMonth => out.push_str(&format!("{:02}", f.month)),
                Std::LongWeekDay => out.push_str(DAYS[f.wday as usize]),
                Std::WeekDay => out.push_str(&DAYS[f.wday as usize][..3]),
                Std::Day => out.push_str(&f.day.to_string()),
                Std::UnderDay => out.push_str(&format!("{:>2}", f.day)),
                Std::ZeroDay => out.push_str(&format!("{:02}", f.day)),
                Std::UnderYearDay => out.push_str(&format!("{:>3}", f.yday)),
                Std::ZeroYearDay => out.push_str(&format!("{:03}", f.yday)),
                Std::Hour => out.push_str(&format!("{:02}", f.hour)),
                Std::Hour12 => out.push_str(
                    &(if f.hour.is_multiple_of(12) {
                        12
                    } else {
                        f.hour % 12
                    })
                    .to_string(),
                ),
                Std::ZeroHour12 => out.push_str(&format!(
                    "{:02}",
                    if f.hour.is_multiple_of(12) {
                        12
                    } else {
                        f.hour % 12
                    }
                )),
                Std::Minute => out.push_str(&f.min.to_string()),
                Std::ZeroMinute => out.push_str(&format!("{:02}", f.min)),
                Std::Second => out.push_str(&f.sec.to_string()),
                Std::ZeroSecond => out.push_str(&format!("{:02}", f.sec)),
                Std::PM => out.push_str(if f.hour >= 12 { "PM" } else { "AM" }),
                Std::Pm => out.push_str(if f.hour >= 12 { "pm" } else { "am" }),
                Std::Tz => {
                    if !self.zone.is_empty() {
                        out.push_str(&self.zone);
                    } else {
                        // Go prints the offset when the zone has no name.
                        out.push_str(&format!(
                            "{sign}{:02}{:02}",
                            abs_off / 3600,
                            abs_off / 60 % 60
                        ));
                    }
                }
                Std::Iso(z, colons, secs, hours_only) => {
                    if z && off == 0 {
                        out.push('Z');
                    } else {
                        out.push(sign);
                        out.push_str(&format!("{:02}", abs_off / 3600));
                        if !hours_only {
                            if colons {
                                out.push(':');
                            }
                            out.push_str(&format!("{:02}", abs_off / 60 % 60));
                            if secs {
                                if colons {
                                    out.push(':');
                                }
                                out.push_str(&format!("{:02}", abs_off % 60));
                            }
                        }
                    }
                }
                Std::Frac(sep, n, trim) => {
                    let digits = format!("{:09}", self.nanos);
                    let mut d = &digits[..n];
                    if trim {
                        d = d.trim_end_matches('0');
                        if d.is_empty() {
                            continue;
                        }
                    }
                    out.push(sep);
                    out.push_str(d);
                }
            }
        }
        out
    }

    /// RFC 3339 with nanoseconds, as encoding/json writes a time.
    pub(crate) fn rfc3339(&self) -> String {
        self.format("2006-01-02T15:04:05.999999999Z07:00")
    }

    /// Go's `time.ParseInLocation` (location UTC).
    pub(crate) fn parse(layout: &str, value: &str) -> Result<Time, String> {
        let err = || {
            format!("parsing time {value:?} as {layout:?}: cannot parse {value:?} as {layout:?}")
        };
        // Go's defaults: year 0 when the layout has none.
        let (mut year, mut month, mut day, mut yday) = (0i64, 1u32, 1u32, 0u32);
        let (mut hour, mut min, mut sec, mut nanos) = (0u32, 0u32, 0u32, 0u32);
        let mut pm: Option<bool> = None;
        let mut offset: Option<i32> = None;
        let mut zone_name = String::new();
        let mut rest = layout;
        let mut v = value;
        let num = |v: &mut &str, min_len: usize, max_len: usize| -> Option<u32> {
            let n = v
                .bytes()
                .take(max_len)
                .take_while(u8::is_ascii_digit)
                .count();
            if n < min_len {
                return None;
            }
            let r = v[..n].parse().ok();
            *v = &v[n..];
            r
        };
        while !rest.is_empty() {
            let (prefix, token, suffix) = next_std(rest);
            v = v.strip_prefix(prefix).ok_or_else(err)?;
            rest = suffix;
            let Some(tok) = token else { break };
            match tok {
                Std::Year => {
                    if v.len() < 4 {
                        return Err(err());
                    }
                    year = num(&mut v, 4, 4).ok_or_else(err)? as i64;
                }
                Std::Year2 => {
                    let y = num(&mut v, 2, 2).ok_or_else(err)? as i64;
                    year = if y >= 69 { 1900 + y } else { 2000 + y };
                }
                Std::LongMonth | Std::Month => {
                    let long = matches!(tok, Std::LongMonth);
                    let found = MONTHS.iter().position(|m| {
                        let name = if long { m } else { &m[..3] };
                        v.len() >= name.len() && v[..name.len()].eq_ignore_ascii_case(name)
                    });
                    let i = found.ok_or_else(err)?;
                    let len = if long { MONTHS[i].len() } else { 3 };
                    v = &v[len..];
                    month = i as u32 + 1;
                }
                Std::NumMonth | Std::ZeroMonth => {
                    month = num(&mut v, if matches!(tok, Std::ZeroMonth) { 2 } else { 1 }, 2)
                        .ok_or_else(err)?;
                    if !(1..=12).contains(&month) {
                        return Err(format!("parsing time {value:?}: month out of range"));
                    }
                }
                Std::LongWeekDay | Std::WeekDay => {
                    let long = matches!(tok, Std::LongWeekDay);
                    let found = DAYS.iter().position(|d| {
                        let name = if long { d } else { &d[..3] };
                        v.len() >= name.len() && v[..name.len()].eq_ignore_ascii_case(name)
                    });
                    let i = found.ok_or_else(err)?;
                    v = &v[if long { DAYS[i].len() } else { 3 }..];
                }
                Std::Day | Std::UnderDay | Std::ZeroDay => {
                    if matches!(tok, Std::UnderDay) && v.starts_with(' ') {
                        v = &v[1..];
                    }
                    day = num(&mut v, if matches!(tok, Std::ZeroDay) { 2 } else { 1 }, 2)
                        .ok_or_else(err)?;
                }
                Std::UnderYearDay | Std::ZeroYearDay => {
                    v = v.trim_start_matches(' ');
                    yday = num(&mut v, 3, 3).ok_or_else(err)?;
                }
                Std::Hour => {
                    hour = num(&mut v, 2, 2).ok_or_else(err)?;
                    if hour > 23 {
                        return Err(format!("parsing time {value:?}: hour out of range"));
                    }
                }
                Std::Hour12 | Std::ZeroHour12 => {
                    hour = num(
                        &mut v,
                        if matches!(tok, Std::ZeroHour12) { 2 } else { 1 },
                        2,
                    )
                    .ok_or_else(err)?;
                    if hour > 12 {
                        return Err(format!("parsing time {value:?}: hour out of range"));
                    }
                }
                Std::Minute | Std::ZeroMinute => {
                    min = num(
                        &mut v,
                        if matches!(tok, Std::ZeroMinute) { 2 } else { 1 },
                        2,
                    )
                    .ok_or_else(err)?;
                    if min > 59 {
                        return Err(format!("parsing time {value:?}: minute out of range"));
                    }
                }
                Std::Second | Std::ZeroSecond => {
                    // Go 1.19 does not stop on a missing number here: a
                    // fraction that follows (".3") still parses, as 0.3s.
                    let parsed = num(
                        &mut v,
                        if matches!(tok, Std::ZeroSecond) { 2 } else { 1 },
                        2,
                    );
                    sec = parsed.unwrap_or(0);
                    if sec > 59 {
                        return Err(format!("parsing time {value:?}: second out of range"));
                    }
                    let has_frac = (v.starts_with('.') || v.starts_with(','))
                        && v[1..].starts_with(|c: char| c.is_ascii_digit());
                    if has_frac && !matches!(next_std(rest).1, Some(Std::Frac(..))) {
                        let n = v[1..].bytes().take_while(u8::is_ascii_digit).count();
                        nanos = frac_nanos(&v[1..1 + n]);
                        v = &v[1 + n..];
                    } else if parsed.is_none() {
                        return Err(err());
                    }
                }
                Std::PM | Std::Pm => {
                    if v.len() < 2 {
                        return Err(err());
                    }
                    match &v[..2] {
                        "PM" | "pm" => pm = Some(true),
                        "AM" | "am" => pm = Some(false),
                        _ => return Err(err()),
                    }
                    v = &v[2..];
                }
                Std::Tz => {
                    if v.starts_with("UTC") {
                        zone_name = "UTC".into();
                        offset = Some(0);
                        v = &v[3..];
                    } else {
                        let n = v.bytes().take_while(u8::is_ascii_uppercase).count();
                        if n < 3 {
                            return Err(err());
                        }
                        zone_name = v[..n].to_string();
                        v = &v[n..];
                    }
                }
                Std::Iso(z, colons, secs, hours_only) => {
                    if z && v.starts_with('Z') {
                        v = &v[1..];
                        offset = Some(0);
                        zone_name = "UTC".into();
                        continue;
                    }
                    let sign = match v.as_bytes().first() {
                        Some(b'+') => 1,
                        Some(b'-') => -1,
                        _ => return Err(err()),
                    };
                    v = &v[1..];
                    let h = num(&mut v, 2, 2).ok_or_else(err)? as i32;
                    let mut m = 0;
                    let mut s = 0;
                    if !hours_only {
                        if colons {
                            v = v.strip_prefix(':').ok_or_else(err)?;
                        }
                        m = num(&mut v, 2, 2).ok_or_else(err)? as i32;
                        if secs {
                            if colons {
                                v = v.strip_prefix(':').ok_or_else(err)?;
                            }
                            s = num(&mut v, 2, 2).ok_or_else(err)? as i32;
                        }
                    }
                    offset = Some(sign * (h * 3600 + m * 60 + s));
                }
                Std::Frac(sep, n, trim) => {
                    if trim {
                        if v.starts_with(sep) && v[1..].starts_with(|c: char| c.is_ascii_digit()) {
                            let k = v[1..].bytes().take_while(u8::is_ascii_digit).count();
                            nanos = frac_nanos(&v[1..1 + k]);
                            v = &v[1 + k..];
                        }
                    } else {
                        v = v.strip_prefix(sep).ok_or_else(err)?;
                        if v.len() < n || !v[..n].bytes().all(|b| b.is_ascii_digit()) {
                            return Err(err());
                        }
                        nanos = frac_nanos(&v[..n]);
                        v = &v[n..];
                    }
                }
            }
        }
        if !v.is_empty() {
            return Err(format!("parsing time {value:?}: extra text: {v:?}"));
        }
        if let Some(p) = pm {
            if p && hour < 12 {
                hour += 12;
            } else if !p && hour == 12 {
                hour = 0;
            }
        }
        if yday > 0 {
            let first = days_from_civil(year, 1, 1);
            let (y, m, d) = civil_from_days(first + yday as i64 - 1);
            if y != year {
                return Err(format!("parsing time {value:?}: day-of-year out of range"));
            }
            month = m;
            day = d;
        }
        let dim = match month {
            2 => {
                if is_leap(year) {
                    29
                } else {
                    28
                }
            }
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        if day < 1 || day > dim {
            return Err(format!("parsing time {value:?}: day out of range"));
        }
        let local =
            days_from_civil(year, month, day) * 86400 + (hour * 3600 + min * 60 + sec) as i64;
        let offset_secs = offset.unwrap_or(0);
        let zone: Rc<str> = if offset_secs == 0 {
            "UTC".into()
        } else if zone_name == "UTC" {
            "".into()
        } else {
            zone_name.into()
        };
        Ok(Time {
            secs: local - offset_secs as i64,
            nanos,
            offset: offset_secs,
            zone,
        })
    }

    /// Adds `d` nanoseconds.
    pub(crate) fn add(&self, d: i64) -> Time {
        let total = self.secs as i128 * 1_000_000_000 + self.nanos as i128 + d as i128;
        Time {
            secs: total.div_euclid(1_000_000_000) as i64,
            nanos: total.rem_euclid(1_000_000_000) as u32,
            offset: self.offset,
            zone: self.zone.clone(),
        }
    }
}

fn frac_nanos(digits: &str) -> u32 {
    let mut s = digits.chars().take(9).collect::<String>();
    while s.len() < 9 {
        s.push('0');
    }
    s.parse().unwrap_or(0)
}

#[derive(Clone, Copy, Debug)]
enum Std {
    Year,
    Year2,
    LongMonth,
    Month,
    NumMonth,
    ZeroMonth,
    LongWeekDay,
    WeekDay,
    Day,
    UnderDay,
    ZeroDay,
    UnderYearDay,
    ZeroYearDay,
    Hour,
    Hour12,
    ZeroHour12,
    Minute,
    ZeroMinute,
    Second,
    ZeroSecond,
    PM,
    Pm,
    Tz,
    /// `Z` allowed, colons, seconds, hours only.
    Iso(bool, bool, bool, bool),
    /// Separator, digits, trailing zeros trimmed (`.999`).
    Frac(char, usize, bool),
}

/// Go's nextStdChunk: text before the first layout element, the element,
/// and the rest.
fn next_std(layout: &str) -> (&str, Option<Std>, &str) {
    let b = layout.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let rest = &layout[i..];
        let found: Option<(Std, usize)> = match b[i] {
            b'J' => {
                if rest.starts_with("January") {
                    Some((Std::LongMonth, 7))
                } else if rest.starts_with("Jan") {
                    Some((Std::Month, 3))
                } else {
                    None
                }
            }
            b'M' => {
                if rest.starts_with("Monday") {
                    Some((Std::LongWeekDay, 6))
                } else if rest.starts_with("Mon") {
                    Some((Std::WeekDay, 3))
                } else if rest.starts_with("MST") {
                    Some((Std::Tz, 3))
                } else {
                    None
                }
            }
            b'0' => match b.get(i + 1) {
                Some(b'1') => Some((Std::ZeroMonth, 2)),
                Some(b'2') => Some((Std::ZeroDay, 2)),
                Some(b'3') => Some((Std::ZeroHour12, 2)),
                Some(b'4') => Some((Std::ZeroMinute, 2)),
                Some(b'5') => Some((Std::ZeroSecond, 2)),
                Some(b'6') => Some((Std::Year2, 2)),
                Some(b'0') if rest.starts_with("002") => Some((Std::ZeroYearDay, 3)),
                _ => None,
            },
            b'1' => {
                if rest.starts_with("15") {
                    Some((Std::Hour, 2))
                } else {
                    Some((Std::NumMonth, 1))
                }
            }
            b'2' => {
                if rest.starts_with("2006") {
                    Some((Std::Year, 4))
                } else {
                    Some((Std::Day, 1))
                }
            }
            b'_' => {
                if rest.starts_with("_2") {
                    if rest.starts_with("_2006") {
                        // "_2006" is "_" then the year.
                        i += 1;
                        continue;
                    }
                    Some((Std::UnderDay, 2))
                } else if rest.starts_with("__2") {
                    Some((Std::UnderYearDay, 3))
                } else {
                    None
                }
            }
            b'3' => Some((Std::Hour12, 1)),
            b'4' => Some((Std::Minute, 1)),
            b'5' => Some((Std::Second, 1)),
            b'P' if rest.starts_with("PM") => Some((Std::PM, 2)),
            b'p' if rest.starts_with("pm") => Some((Std::Pm, 2)),
            b'-' => {
                if rest.starts_with("-07:00:00") {
                    Some((Std::Iso(false, true, true, false), 9))
                } else if rest.starts_with("-0700") && rest.starts_with("-070000") {
                    Some((Std::Iso(false, false, true, false), 7))
                } else if rest.starts_with("-07:00") {
                    Some((Std::Iso(false, true, false, false), 6))
                } else if rest.starts_with("-0700") {
                    Some((Std::Iso(false, false, false, false), 5))
                } else if rest.starts_with("-07") {
                    Some((Std::Iso(false, false, false, true), 3))
                } else {
                    None
                }
            }
            b'Z' => {
                if rest.starts_with("Z07:00:00") {
                    Some((Std::Iso(true, true, true, false), 9))
                } else if rest.starts_with("Z070000") {
                    Some((Std::Iso(true, false, true, false), 7))
                } else if rest.starts_with("Z07:00") {
                    Some((Std::Iso(true, true, false, false), 6))
                } else if rest.starts_with("Z0700") {
                    Some((Std::Iso(true, false, false, false), 5))
                } else if rest.starts_with("Z07") {
                    Some((Std::Iso(true, false, false, true), 3))
                } else {
                    None
                }
            }
            b'.' | b',' => {
                let c = b.get(i + 1).copied();
                if matches!(c, Some(b'0') | Some(b'9')) {
                    let ch = c.unwrap_or(b'0');
                    let n = b[i + 1..].iter().take_while(|&&x| x == ch).count();
                    // Only a fraction if no digit follows.
                    if !b.get(i + 1 + n).is_some_and(u8::is_ascii_digit) {
                        Some((Std::Frac(b[i] as char, n.min(9), ch == b'9'), 1 + n))
                    } else {
                        None
                    }
                } else {
                    None
                }
            }
            _ => None,
        };
        if let Some((tok, len)) = found {
            return (&layout[..i], Some(tok), &layout[i + len..]);
        }
        i += layout[i..].chars().next().map(char::len_utf8).unwrap_or(1);
    }
    (layout, None, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_go() {
        let t = Time::unix(1_700_000_000, 123_000_000);
        assert_eq!(t.go_string(), "2023-11-14 22:13:20.123 +0000 UTC");
        assert_eq!(
            t.format("2006-01-02T15:04:05Z07:00"),
            "2023-11-14T22:13:20Z"
        );
        assert_eq!(
            t.format("Mon Jan _2 3:04PM 06 .000 002"),
            "Tue Nov 14 10:13PM 23 .123 318"
        );
        assert_eq!(Time::zero().go_string(), "0001-01-01 00:00:00 +0000 UTC");
    }

    #[test]
    fn parses_like_go() {
        let t = Time::parse("2006-01-02", "2024-03-05").unwrap();
        assert_eq!(t.secs, 1_709_596_800);
        let t = Time::parse(time_rfc3339(), "2024-03-05T10:00:00+02:00").unwrap();
        assert_eq!(t.secs, 1_709_625_600);
        assert_eq!(t.go_string(), "2024-03-05 10:00:00 +0200 +0200");
        assert!(Time::parse("2006-01-02", "2024-02-30").is_err());
    }

    fn time_rfc3339() -> &'static str {
        "2006-01-02T15:04:05Z07:00"
    }
}
