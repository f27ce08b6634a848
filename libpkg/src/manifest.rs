//! A manifest, or any part of one, held compactly: the JSON data model of
//! [`serde_json::Value`], with the read and write methods this crate uses
//! named as serde_json names them.
//!
//! A plan holds every object of its package at once: the parsed documents
//! of a 50,000-object package took 216 MiB as `serde_json::Value`s (104
//! bytes per mapping entry, a heap allocation per key, and a hash index per
//! mapping) and take 75 MiB as [`Manifest`]s (docs/benchmarks.md).
//! Here an entry is 48 bytes: a key of up to 24 bytes (almost every key of
//! a manifest) and a string value as short are held inline, and a mapping
//! is its entries in order, searched in place (a manifest's mappings have one
//! to a few dozen entries). Mappings keep their keys in the order written, as
//! serde_json's `preserve_order` does, and compare as maps (the order of
//! their keys does not make two manifests differ). Serialized, a
//! [`Manifest`] gives the same bytes as the `serde_json::Value` it converts
//! to.

use std::fmt;
use std::ops::{Index, IndexMut};

use compact_str::CompactString;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Number;

/// A JSON value, as the manifests of a package are held (see the module).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Manifest {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as serde_json holds it.
    Number(Number),
    /// A string.
    String(CompactString),
    /// A sequence.
    Array(Box<[Manifest]>),
    /// A mapping with string keys, in the order written.
    Object(Map),
}

/// A mapping's entries in the order written, each key once.
#[derive(Clone, Debug, Default)]
pub struct Map(Box<[(CompactString, Manifest)]>);

/// The null every missing key and index gives, as serde_json's does.
static NULL: Manifest = Manifest::Null;

/// Mappings longer than this find duplicate keys through a hash set rather
/// than by comparing every pair.
const LINEAR_LIMIT: usize = 32;

/// A mapping key given twice (the first one repeated).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("duplicate key {0:?}")]
pub struct DuplicateKey(pub CompactString);

impl Map {
    /// An empty mapping.
    pub fn new() -> Map {
        Map::default()
    }

    /// The mapping of `entries`, or the first key given twice.
    pub fn from_unique(entries: Vec<(CompactString, Manifest)>) -> Result<Map, DuplicateKey> {
        match first_repeated(&entries) {
            Some(index) => Err(DuplicateKey(entries[index].0.clone())),
            None => Ok(Map(entries.into_boxed_slice())),
        }
    }

    /// The mapping of `entries` where, as serde_json's does, a key given
    /// again keeps its first place and takes the later value.
    pub fn from_last_wins(entries: Vec<(CompactString, Manifest)>) -> Map {
        if first_repeated(&entries).is_none() {
            return Map(entries.into_boxed_slice());
        }
        let mut kept: Vec<(CompactString, Manifest)> = Vec::with_capacity(entries.len());
        let mut places = std::collections::HashMap::new();
        for (key, value) in entries {
            match places.get(&key) {
                Some(&place) => kept[place] = (key, value),
                None => {
                    places.insert(key.clone(), kept.len());
                    kept.push((key, value));
                }
            }
        }
        Map(kept.into_boxed_slice())
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it has no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.0.iter().position(|(k, _)| k == key)
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Manifest> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value of `key`, to change.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Manifest> {
        self.0.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Whether `key` has an entry.
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key` to `value`, in its place if it has one and last if not;
    /// the value it replaced.
    pub fn insert(&mut self, key: impl Into<CompactString>, value: Manifest) -> Option<Manifest> {
        let key = key.into();
        if let Some(place) = self.position(&key) {
            return Some(std::mem::replace(&mut self.0[place].1, value));
        }
        let mut entries = std::mem::take(&mut self.0).into_vec();
        entries.push((key, value));
        self.0 = entries.into_boxed_slice();
        None
    }

    /// Removes `key`, keeping the order of the others; its value.
    pub fn remove(&mut self, key: &str) -> Option<Manifest> {
        let place = self.position(key)?;
        let mut entries = std::mem::take(&mut self.0).into_vec();
        let (_, value) = entries.remove(place);
        self.0 = entries.into_boxed_slice();
        Some(value)
    }

    /// Keeps the entries `keep` says to, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut Manifest) -> bool) {
        let mut entries = std::mem::take(&mut self.0).into_vec();
        entries.retain_mut(|(key, value)| keep(key, value));
        self.0 = entries.into_boxed_slice();
    }

    /// The entries in order.
    pub fn iter(
        &self,
    ) -> impl DoubleEndedIterator<Item = (&CompactString, &Manifest)> + ExactSizeIterator {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// The entries in order, their values to change.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (&CompactString, &mut Manifest)> + ExactSizeIterator {
        self.0.iter_mut().map(|(k, v)| (&*k, v))
    }

    /// The keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &CompactString> + ExactSizeIterator {
        self.0.iter().map(|(k, _)| k)
    }

    /// The values in order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Manifest> + ExactSizeIterator {
        self.0.iter().map(|(_, v)| v)
    }

    /// The values in order, to change.
    pub fn values_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = &mut Manifest> + ExactSizeIterator {
        self.0.iter_mut().map(|(_, v)| v)
    }
}

/// The index of the first entry whose key an earlier entry has.
fn first_repeated(entries: &[(CompactString, Manifest)]) -> Option<usize> {
    if entries.len() <= LINEAR_LIMIT {
        return (1..entries.len()).find(|&i| entries[..i].iter().any(|(k, _)| *k == entries[i].0));
    }
    let mut seen = std::collections::HashSet::with_capacity(entries.len());
    entries
        .iter()
        .position(|(key, _)| !seen.insert(key.as_str()))
}

impl PartialEq for Map {
    /// Equal when they have the same keys with equal values, in any order.
    fn eq(&self, other: &Map) -> bool {
        if self.len() != other.len() {
            return false;
        }
        let in_order = self
            .0
            .iter()
            .zip(other.0.iter())
            .all(|((a, _), (b, _))| a == b);
        if in_order {
            return self
                .0
                .iter()
                .zip(other.0.iter())
                .all(|((_, a), (_, b))| a == b);
        }
        self.iter()
            .all(|(key, value)| other.get(key) == Some(value))
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a CompactString, &'a Manifest);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (CompactString, Manifest)>,
        fn(&'a (CompactString, Manifest)) -> (&'a CompactString, &'a Manifest),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl IntoIterator for Map {
    type Item = (CompactString, Manifest);
    type IntoIter = std::vec::IntoIter<(CompactString, Manifest)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_vec().into_iter()
    }
}

impl<K: Into<CompactString>> Extend<(K, Manifest)> for Map {
    /// Sets each key as [`Map::insert`] does, growing the mapping once.
    fn extend<I: IntoIterator<Item = (K, Manifest)>>(&mut self, entries: I) {
        let mut all = std::mem::take(&mut self.0).into_vec();
        for (key, value) in entries {
            let key = key.into();
            match all.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) => entry.1 = value,
                None => all.push((key, value)),
            }
        }
        self.0 = all.into_boxed_slice();
    }
}

impl<K: Into<CompactString>> FromIterator<(K, Manifest)> for Map {
    /// A key given again keeps its first place and takes the later value.
    fn from_iter<I: IntoIterator<Item = (K, Manifest)>>(entries: I) -> Map {
        Map::from_last_wins(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }
}

impl Manifest {
    /// The value at `key` of a mapping, or at an index of a sequence.
    pub fn get<I: ManifestIndex>(&self, index: I) -> Option<&Manifest> {
        index.index_into(self)
    }

    /// [`Manifest::get`], to change.
    pub fn get_mut<I: ManifestIndex>(&mut self, index: I) -> Option<&mut Manifest> {
        index.index_into_mut(self)
    }

    /// The value at a JSON pointer (`/spec/template`, RFC 6901), as
    /// [`serde_json::Value::pointer`] finds it.
    pub fn pointer(&self, pointer: &str) -> Option<&Manifest> {
        pointer_tokens(pointer)?.try_fold(self, |target, token| target.get(token))
    }

    /// [`Manifest::pointer`], to change.
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Manifest> {
        pointer_tokens(pointer)?.try_fold(self, |target, token| target.get_mut(token))
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Manifest::String(text) => Some(text),
            _ => None,
        }
    }

    /// A boolean's value.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Manifest::Bool(value) => Some(*value),
            _ => None,
        }
    }

    /// A number that is an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Manifest::Number(number) => number.as_i64(),
            _ => None,
        }
    }

    /// A number that is a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Manifest::Number(number) => number.as_u64(),
            _ => None,
        }
    }

    /// A number as an `f64`.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Manifest::Number(number) => number.as_f64(),
            _ => None,
        }
    }

    /// Whether it is a number that is an `i64`.
    pub fn is_i64(&self) -> bool {
        matches!(self, Manifest::Number(number) if number.is_i64())
    }

    /// Whether it is a number that is held as an `f64`.
    pub fn is_f64(&self) -> bool {
        matches!(self, Manifest::Number(number) if number.is_f64())
    }

    /// A sequence's items.
    pub fn as_array(&self) -> Option<&[Manifest]> {
        match self {
            Manifest::Array(items) => Some(items),
            _ => None,
        }
    }

    /// A sequence's items, to change.
    pub fn as_array_mut(&mut self) -> Option<&mut [Manifest]> {
        match self {
            Manifest::Array(items) => Some(items),
            _ => None,
        }
    }

    /// A mapping's entries.
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Manifest::Object(map) => Some(map),
            _ => None,
        }
    }

    /// A mapping's entries, to change.
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Manifest::Object(map) => Some(map),
            _ => None,
        }
    }

    /// Whether it is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Manifest::Null)
    }

    /// Whether it is a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Manifest::String(_))
    }

    /// Whether it is a sequence.
    pub fn is_array(&self) -> bool {
        matches!(self, Manifest::Array(_))
    }

    /// Whether it is a mapping.
    pub fn is_object(&self) -> bool {
        matches!(self, Manifest::Object(_))
    }

    /// The value, leaving `null` in its place.
    pub fn take(&mut self) -> Manifest {
        std::mem::take(self)
    }

    /// What it is, as an error names it.
    fn kind(&self) -> &'static str {
        match self {
            Manifest::Null => "null",
            Manifest::Bool(_) => "boolean",
            Manifest::Number(_) => "number",
            Manifest::String(_) => "string",
            Manifest::Array(_) => "sequence",
            Manifest::Object(_) => "mapping",
        }
    }

    /// The same value as a [`serde_json::Value`], for what takes one.
    pub fn to_value(&self) -> serde_json::Value {
        match self {
            Manifest::Null => serde_json::Value::Null,
            Manifest::Bool(value) => serde_json::Value::Bool(*value),
            Manifest::Number(number) => serde_json::Value::Number(number.clone()),
            Manifest::String(text) => serde_json::Value::String(text.to_string()),
            Manifest::Array(items) => items.iter().map(Manifest::to_value).collect(),
            Manifest::Object(map) => serde_json::Value::Object(
                map.iter()
                    .map(|(key, value)| (key.to_string(), value.to_value()))
                    .collect(),
            ),
        }
    }
}

/// The tokens of a JSON pointer, `~1` and `~0` read as `/` and `~`; `None`
/// when it is not a pointer (neither empty nor starting with `/`).
fn pointer_tokens(pointer: &str) -> Option<impl Iterator<Item = PointerToken<'_>>> {
    let tokens = match pointer {
        "" => None,
        _ => Some(pointer.strip_prefix('/')?),
    };
    Some(
        tokens
            .into_iter()
            .flat_map(|tokens| tokens.split('/'))
            .map(|token| {
                PointerToken(if token.contains('~') {
                    token.replace("~1", "/").replace("~0", "~").into()
                } else {
                    token.into()
                })
            }),
    )
}

/// One token of a JSON pointer: a key of a mapping, or an index of a
/// sequence written in decimal without a leading zero, as serde_json reads it.
struct PointerToken<'a>(std::borrow::Cow<'a, str>);

impl PointerToken<'_> {
    fn array_index(&self) -> Option<usize> {
        let token = self.0.as_ref();
        if token.starts_with('+') || (token.starts_with('0') && token.len() > 1) {
            return None;
        }
        token.parse().ok()
    }
}

impl ManifestIndex for PointerToken<'_> {
    fn index_into<'a>(&self, manifest: &'a Manifest) -> Option<&'a Manifest> {
        match manifest {
            Manifest::Object(map) => map.get(&self.0),
            Manifest::Array(items) => items.get(self.array_index()?),
            _ => None,
        }
    }
    fn index_into_mut<'a>(&self, manifest: &'a mut Manifest) -> Option<&'a mut Manifest> {
        match manifest {
            Manifest::Object(map) => map.get_mut(&self.0),
            Manifest::Array(items) => items.get_mut(self.array_index()?),
            _ => None,
        }
    }
}

/// The reading that a [`Manifest`] and a [`serde_json::Value`] (a live
/// object, as the API server returns it) share: for the checks made of
/// both, such as whether an object belongs to a release.
pub trait Fields {
    /// The value of `key`, if this is a mapping that has it.
    fn field(&self, key: &str) -> Option<&Self>;
    /// The text, if this is a string.
    fn text(&self) -> Option<&str>;
}

impl Fields for Manifest {
    fn field(&self, key: &str) -> Option<&Manifest> {
        self.as_object()?.get(key)
    }
    fn text(&self) -> Option<&str> {
        self.as_str()
    }
}

impl Fields for serde_json::Value {
    fn field(&self, key: &str) -> Option<&serde_json::Value> {
        self.as_object()?.get(key)
    }
    fn text(&self) -> Option<&str> {
        self.as_str()
    }
}

/// What a [`Manifest`] can be indexed by: a key of a mapping, or an
/// index of a sequence.
pub trait ManifestIndex {
    /// The value this indexes in `manifest`.
    fn index_into<'a>(&self, manifest: &'a Manifest) -> Option<&'a Manifest>;
    /// The value this indexes in `manifest`, to change.
    fn index_into_mut<'a>(&self, manifest: &'a mut Manifest) -> Option<&'a mut Manifest>;
}

impl ManifestIndex for usize {
    fn index_into<'a>(&self, manifest: &'a Manifest) -> Option<&'a Manifest> {
        manifest.as_array()?.get(*self)
    }
    fn index_into_mut<'a>(&self, manifest: &'a mut Manifest) -> Option<&'a mut Manifest> {
        manifest.as_array_mut()?.get_mut(*self)
    }
}

impl ManifestIndex for str {
    fn index_into<'a>(&self, manifest: &'a Manifest) -> Option<&'a Manifest> {
        manifest.as_object()?.get(self)
    }
    fn index_into_mut<'a>(&self, manifest: &'a mut Manifest) -> Option<&'a mut Manifest> {
        manifest.as_object_mut()?.get_mut(self)
    }
}

impl ManifestIndex for String {
    fn index_into<'a>(&self, manifest: &'a Manifest) -> Option<&'a Manifest> {
        self.as_str().index_into(manifest)
    }
    fn index_into_mut<'a>(&self, manifest: &'a mut Manifest) -> Option<&'a mut Manifest> {
        self.as_str().index_into_mut(manifest)
    }
}

impl<T: ManifestIndex + ?Sized> ManifestIndex for &T {
    fn index_into<'a>(&self, manifest: &'a Manifest) -> Option<&'a Manifest> {
        (**self).index_into(manifest)
    }
    fn index_into_mut<'a>(&self, manifest: &'a mut Manifest) -> Option<&'a mut Manifest> {
        (**self).index_into_mut(manifest)
    }
}

impl<I: ManifestIndex> Index<I> for Manifest {
    type Output = Manifest;
    /// The value indexed, or `null` when there is none.
    fn index(&self, index: I) -> &Manifest {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl IndexMut<&str> for Manifest {
    /// The value of a mapping's key, added as `null` when it has none; a
    /// `null` becomes an empty mapping first, as with serde_json.
    ///
    /// # Panics
    /// When the value is neither a mapping nor `null`.
    fn index_mut(&mut self, key: &str) -> &mut Manifest {
        if self.is_null() {
            *self = Manifest::Object(Map::new());
        }
        let Manifest::Object(map) = self else {
            panic!("cannot index a {} with the key {key:?}", self.kind())
        };
        if !map.contains_key(key) {
            map.insert(key, Manifest::Null);
        }
        map.get_mut(key).expect("inserted")
    }
}

impl PartialEq<serde_json::Value> for Manifest {
    /// Equal when converting one gives the other (mappings compare as maps).
    fn eq(&self, other: &serde_json::Value) -> bool {
        use serde_json::Value;
        match (self, other) {
            (Manifest::Null, Value::Null) => true,
            (Manifest::Bool(a), Value::Bool(b)) => a == b,
            (Manifest::Number(a), Value::Number(b)) => a == b,
            (Manifest::String(a), Value::String(b)) => a == b,
            (Manifest::Array(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a == b)
            }
            (Manifest::Object(a), Value::Object(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(key, value)| b.get(key.as_str()).is_some_and(|other| value == other))
            }
            _ => false,
        }
    }
}

impl PartialEq<Manifest> for serde_json::Value {
    fn eq(&self, other: &Manifest) -> bool {
        other == self
    }
}

impl PartialEq<str> for Manifest {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Manifest {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl fmt::Display for Manifest {
    /// Compact JSON, as serde_json's `Value` displays.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

impl From<serde_json::Value> for Manifest {
    fn from(value: serde_json::Value) -> Manifest {
        match value {
            serde_json::Value::Null => Manifest::Null,
            serde_json::Value::Bool(value) => Manifest::Bool(value),
            serde_json::Value::Number(number) => Manifest::Number(number),
            serde_json::Value::String(text) => Manifest::String(text.into()),
            serde_json::Value::Array(items) => {
                Manifest::Array(items.into_iter().map(Manifest::from).collect())
            }
            serde_json::Value::Object(map) => Manifest::Object(Map(map
                .into_iter()
                .map(|(key, value)| (CompactString::from(key), Manifest::from(value)))
                .collect())),
        }
    }
}

impl From<&serde_json::Value> for Manifest {
    fn from(value: &serde_json::Value) -> Manifest {
        Manifest::from(value.clone())
    }
}

impl From<Manifest> for serde_json::Value {
    fn from(manifest: Manifest) -> serde_json::Value {
        manifest.to_value()
    }
}

/// `From` each source type, through the variant that holds its value.
macro_rules! from_into_variant {
    ($($source:ty => $variant:ident),* $(,)?) => {
        $(impl From<$source> for Manifest {
            fn from(value: $source) -> Manifest {
                Manifest::$variant(value.into())
            }
        })*
    };
}

from_into_variant!(
    &str => String,
    String => String,
    CompactString => String,
    bool => Bool,
    i64 => Number,
    u64 => Number,
    Map => Object,
    Vec<Manifest> => Array,
);

impl FromIterator<Manifest> for Manifest {
    fn from_iter<I: IntoIterator<Item = Manifest>>(items: I) -> Manifest {
        Manifest::Array(items.into_iter().collect())
    }
}

impl Serialize for Manifest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Manifest::Null => serializer.serialize_unit(),
            Manifest::Bool(value) => serializer.serialize_bool(*value),
            Manifest::Number(number) => number.serialize(serializer),
            Manifest::String(text) => serializer.serialize_str(text),
            Manifest::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items.iter() {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Manifest::Object(map) => map.serialize(serializer),
        }
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(self.len()))?;
        for (key, value) in self.iter() {
            out.serialize_entry(key.as_str(), value)?;
        }
        out.end()
    }
}

impl<'de> Deserialize<'de> for Manifest {
    /// Reads any self-describing format as serde_json's `Value` does: a key
    /// given twice takes its last value, a non-finite float is `null`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Manifest, D::Error> {
        deserializer.deserialize_any(ManifestVisitor)
    }
}

struct ManifestVisitor;

impl<'de> Visitor<'de> for ManifestVisitor {
    type Value = Manifest;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }
    fn visit_bool<E>(self, value: bool) -> Result<Manifest, E> {
        Ok(Manifest::Bool(value))
    }
    fn visit_i64<E>(self, value: i64) -> Result<Manifest, E> {
        Ok(value.into())
    }
    fn visit_u64<E>(self, value: u64) -> Result<Manifest, E> {
        Ok(value.into())
    }
    fn visit_f64<E>(self, value: f64) -> Result<Manifest, E> {
        Ok(Number::from_f64(value).map_or(Manifest::Null, Manifest::Number))
    }
    fn visit_str<E>(self, text: &str) -> Result<Manifest, E> {
        Ok(text.into())
    }
    fn visit_string<E>(self, text: String) -> Result<Manifest, E> {
        Ok(text.into())
    }
    fn visit_unit<E>(self) -> Result<Manifest, E> {
        Ok(Manifest::Null)
    }
    fn visit_none<E>(self) -> Result<Manifest, E> {
        Ok(Manifest::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Manifest, D::Error> {
        Manifest::deserialize(deserializer)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Manifest, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(items.into())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Manifest, A::Error> {
        let mut entries = Vec::with_capacity(access.size_hint().unwrap_or(0).min(4096));
        while let Some((key, value)) = access.next_entry::<CompactString, Manifest>()? {
            entries.push((key, value));
        }
        Ok(Manifest::Object(Map::from_last_wins(entries)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn a_value_and_a_mapping_entry_are_held_in_24_and_48_bytes() {
        assert_eq!(std::mem::size_of::<Manifest>(), 24);
        assert_eq!(std::mem::size_of::<(CompactString, Manifest)>(), 48);
    }

    #[test]
    fn reading_and_writing_json_gives_what_serde_json_gives() {
        let text = r#"{"b":1,"a":[1.5,-2,"x",null,true,{"z":{}}],"c":"a string longer than twenty-four bytes","b":2}"#;
        let ours: Manifest = serde_json::from_str(text).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(
            serde_json::to_string(&ours).unwrap(),
            serde_json::to_string(&theirs).unwrap()
        );
        assert_eq!(ours.to_value(), theirs);
        assert_eq!(Manifest::from(theirs.clone()), ours);
        assert_eq!(ours.to_string(), theirs.to_string());
    }

    #[test]
    fn mappings_compare_as_maps() {
        let a = Manifest::from(json!({"x": 1, "y": {"p": [1], "q": 2}}));
        let b = Manifest::from(json!({"y": {"q": 2, "p": [1]}, "x": 1}));
        let c = Manifest::from(json!({"y": {"q": 2, "p": [2]}, "x": 1}));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, Manifest::from(json!({"x": 1})));
    }

    #[test]
    fn pointers_and_indexes_find_what_serde_jsons_find() {
        let value = json!({"a/b": {"c~d": [10, {"e": "f"}]}, "01": 1});
        let ours = Manifest::from(value.clone());
        for pointer in [
            "",
            "/a~1b",
            "/a~1b/c~0d/0",
            "/a~1b/c~0d/1/e",
            "/a~1b/c~0d/01",
            "/01",
            "/x",
            "a",
            "/a~1b/c~0d/+1",
        ] {
            assert_eq!(
                ours.pointer(pointer).map(Manifest::to_value).as_ref(),
                value.pointer(pointer),
                "{pointer}"
            );
        }
        assert_eq!(ours["a/b"]["c~d"][1]["e"], "f");
        assert!(ours["missing"][3]["x"].is_null());
    }

    #[test]
    fn a_mapping_changes_in_place() {
        let mut manifest = Manifest::from(json!({"a": 1, "b": 2, "c": 3}));
        let map = manifest.as_object_mut().unwrap();
        assert_eq!(map.insert("b", "two".into()), Some(Manifest::from(2_i64)));
        assert_eq!(map.insert("d", Manifest::Null), None);
        assert_eq!(map.remove("a"), Some(Manifest::from(1_i64)));
        assert_eq!(
            manifest.to_value().to_string(),
            r#"{"b":"two","c":3,"d":null}"#
        );
        let mut empty = Manifest::Null;
        empty["labels"]["x"] = "y".into();
        assert_eq!(empty.to_string(), r#"{"labels":{"x":"y"}}"#);
    }

    #[test]
    fn a_key_given_twice_keeps_its_place_and_takes_the_last_value() {
        for size in [3, LINEAR_LIMIT + 5] {
            let mut entries: Vec<(CompactString, Manifest)> = (0..size)
                .map(|i| (format!("k{i}").into(), Manifest::from(i as i64)))
                .collect();
            entries.push(("k1".into(), "again".into()));
            assert_eq!(Map::from_unique(entries.clone()).unwrap_err().0, "k1");
            let map = Map::from_last_wins(entries);
            assert_eq!(map.len(), size);
            assert_eq!(map.keys().nth(1).unwrap(), "k1");
            assert_eq!(map.get("k1").unwrap(), "again");
        }
    }

    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::Bool),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<u64>().prop_map(serde_json::Value::from),
            (-1e6f64..1e6).prop_map(serde_json::Value::from),
            ".{0,40}".prop_map(serde_json::Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..8).prop_map(serde_json::Value::Array),
                prop::collection::vec(("[a-z]{0,30}", inner), 0..40)
                    .prop_map(|entries| serde_json::Value::Object(entries.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_value_converts_and_serializes_as_serde_json_does(value in json_value()) {
            let ours = Manifest::from(value.clone());
            prop_assert_eq!(serde_json::to_string(&ours).unwrap(), serde_json::to_string(&value).unwrap());
            prop_assert_eq!(ours.to_value(), value.clone());
            let read: Manifest = serde_json::from_str(&value.to_string()).unwrap();
            prop_assert_eq!(read, ours);
        }
    }
}
