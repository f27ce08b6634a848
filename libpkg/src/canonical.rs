//! Canonical JSON (object keys sorted at every level, no insignificant
//! whitespace) written straight from any `Serialize` value.
//!
//! The plan hash is taken over the canonical JSON of the whole plan. Going
//! through `serde_json::to_value` first copied every manifest into a second
//! tree, node by node, and freed it again: for a 50,000-object plan that copy
//! cost more than hashing. Here each object's entries are written where they
//! belong as they come, and remembered by key; when the object ends, entries
//! that did not come in key order are put in order (copied once more), so
//! nothing but bytes is built, and bytes already in order are not moved.
//!
//! The bytes are exactly those of `serde_json::to_value` followed by a sorted
//! walk of the value (the previous way, kept in the tests as the reference):
//! scalars are formatted by serde_json, `f32` is widened to `f64` and
//! non-finite numbers are `null` as `to_value` makes them, and a key given
//! twice keeps its last value.

use std::ops::Range;

use serde::ser::{self, Error as _, Impossible, Serialize};

/// The canonical JSON of `value`.
pub(crate) fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    to_vec_without(value, &[])
}

/// The canonical JSON of `value` with the keys `skip` left out of its
/// outermost object (the plan hash leaves out `hash` and `approvals`).
pub(crate) fn to_vec_without<T: Serialize + ?Sized>(
    value: &T,
    skip: &[&str],
) -> Result<Vec<u8>, serde_json::Error> {
    let mut writer = Canonical::new(skip, None);
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// [`to_vec_without`] of a value whose outermost object has the array `field`
/// equal to `items`, written as [`write_without_in_parallel`] writes it, in
/// blocks of `block` items. The plan hash takes the same bytes unjoined.
#[cfg(test)]
pub(crate) fn to_vec_without_in_parallel<T, I>(
    value: &T,
    skip: &[&str],
    field: &str,
    items: &[I],
    block: usize,
) -> Result<Vec<u8>, serde_json::Error>
where
    T: Serialize + ?Sized,
    I: Serialize + Sync,
{
    let mut out = Vec::new();
    write_in_blocks(value, skip, (field, items), block, |bytes| {
        out.extend_from_slice(bytes)
    })?;
    Ok(out)
}

/// The bytes of [`to_vec_without`], the array `field` (equal to `items`)
/// written on up to four threads, handed to `sink` in order without being
/// joined: the items' runs go to `sink` where they belong rather than being
/// copied into the rest of the document (for the plan hash of 50,000
/// objects, joining held the objects' JSON three times over: the runs, the
/// document, and the copy made to put its keys in order). The items are
/// written [`BLOCK`] at a time, each block handed on before the next is
/// written, so that their JSON is never all held at once (for 50,000
/// objects, about a tenth of the plan's peak memory).
pub(crate) fn write_without_in_parallel<T, I>(
    value: &T,
    skip: &[&str],
    field: &str,
    items: &[I],
    sink: impl FnMut(&[u8]),
) -> Result<(), serde_json::Error>
where
    T: Serialize + ?Sized,
    I: Serialize + Sync,
{
    write_in_blocks(value, skip, (field, items), BLOCK, sink)
}

/// Items written in one go by [`write_without_in_parallel`]: enough that
/// starting the threads for each block costs nothing to speak of, few
/// enough that a block's JSON stays small beside the plan (at 4,096 the
/// hash of a 50,000-object plan rose 20 MiB above the rest of its planning).
const BLOCK: usize = 1024;

/// [`write_without_in_parallel`] in blocks of `block` items.
fn write_in_blocks<T, I>(
    value: &T,
    skip: &[&str],
    (field, items): (&str, &[I]),
    block: usize,
    mut sink: impl FnMut(&[u8]),
) -> Result<(), serde_json::Error>
where
    T: Serialize + ?Sized,
    I: Serialize + Sync,
{
    let mut writer = Canonical::new(skip, Some(field));
    value.serialize(&mut writer)?;
    let Some(hole) = writer.hole else {
        return Err(Error::custom(format!(
            "no field {field} in the outermost object"
        )));
    };
    sink(&writer.out[..hole]);
    let mut runs: Vec<Run> = (0..crate::parallel::threads())
        .map(|_| Run::default())
        .collect();
    let mut first = true;
    for items in items.chunks(block.max(1)) {
        array_runs(items, &mut runs)?;
        for run in runs.iter().filter(|run| !run.out.is_empty()) {
            if !first {
                sink(b",");
            }
            first = false;
            sink(&run.out);
        }
    }
    sink(&writer.out[hole..]);
    Ok(())
}

/// Fewer items than this are written on the calling thread.
const PARALLEL_MIN: usize = 256;

/// The canonical JSON of `items`, comma-separated, in consecutive runs
/// written on up to four threads, one run each (those left over are
/// emptied). The runs' buffers are kept from one block of items to the next:
/// each block written into new ones grew the plan's memory by a block's JSON
/// (the threads that wrote them are gone when they are freed).
fn array_runs<I: Serialize + Sync>(items: &[I], runs: &mut [Run]) -> Result<(), Error> {
    for run in runs.iter_mut() {
        run.out.clear();
    }
    let threads = runs.len();
    let Some(first) = runs.first_mut() else {
        return Err(Error::custom("no buffer to write items into"));
    };
    if items.len() < PARALLEL_MIN || threads < 2 {
        return first.write(items);
    }
    let share = items.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(share)
            .zip(runs.iter_mut())
            .map(|(items, run)| scope.spawn(move || run.write(items)))
            .collect();
        workers.into_iter().try_for_each(|worker| {
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    })
}

/// The buffers one thread writes a run of items with.
#[derive(Default)]
struct Run {
    out: Vec<u8>,
    scratch: Vec<u8>,
}

impl Run {
    /// Writes `items`' canonical JSON, comma-separated, over what `out` held.
    fn write<I: Serialize>(&mut self, items: &[I]) -> Result<(), Error> {
        let mut writer = Canonical::new(&[], None);
        writer.out = std::mem::take(&mut self.out);
        writer.out.clear();
        writer.scratch = std::mem::take(&mut self.scratch);
        let written = items.iter().enumerate().try_for_each(|(index, item)| {
            if index > 0 {
                writer.out.push(b',');
            }
            item.serialize(&mut writer)
        });
        self.out = writer.out;
        self.scratch = writer.scratch;
        written
    }
}

/// The serializer: `out` is the document so far; `scratch` is where an
/// object's entries are copied to be put in key order.
struct Canonical<'s> {
    out: Vec<u8>,
    scratch: Vec<u8>,
    /// Objects open around the current value.
    depth: usize,
    skip: &'s [&'s str],
    /// A field of the outermost object whose array is written apart, in
    /// runs: its brackets are written instead of the field's value.
    given: Option<&'s str>,
    /// Once `given` came: the offset in `out` between the array's brackets
    /// where its runs belong (they are not copied in).
    hole: Option<usize>,
}

type Error = serde_json::Error;

impl<'s> Canonical<'s> {
    fn new(skip: &'s [&'s str], given: Option<&'s str>) -> Self {
        Canonical {
            out: Vec::new(),
            scratch: Vec::new(),
            depth: 0,
            skip,
            given,
            hole: None,
        }
    }

    /// Writes the brackets of an array whose elements are written apart,
    /// and remembers the hole between them.
    fn array_hole(&mut self) {
        self.out.push(b'[');
        self.hole = Some(self.out.len());
        self.out.push(b']');
    }

    fn string(&mut self, text: &str) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, text)
    }

    /// Opens an object: its entries follow the `{` as they come.
    fn open_object(&mut self) -> Result<Object<'_, 's>, Error> {
        self.out.push(b'{');
        let start = self.out.len();
        self.depth += 1;
        Ok(Object {
            writer: self,
            start,
            keys: String::new(),
            entries: Vec::new(),
            key: None,
        })
    }
}

/// An object being written: `keys` holds its keys one after the other,
/// `entries` where each key is and where its `"key":value` was written.
struct Object<'a, 's> {
    writer: &'a mut Canonical<'s>,
    /// Where its first entry starts in the output.
    start: usize,
    keys: String,
    entries: Vec<(Range<usize>, Range<usize>)>,
    /// The key whose value comes next (maps give keys and values apart).
    key: Option<Range<usize>>,
}

impl<'a, 's> Object<'a, 's> {
    fn entry<T: Serialize + ?Sized>(&mut self, key: Range<usize>, value: &T) -> Result<(), Error> {
        self.entry_with(key, |writer| value.serialize(writer))
    }

    /// Writes `"key":` and then the value, by `write`.
    fn entry_with(
        &mut self,
        key: Range<usize>,
        write: impl FnOnce(&mut Canonical<'s>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        if !self.entries.is_empty() {
            self.writer.out.push(b',');
        }
        let start = self.writer.out.len();
        serde_json::to_writer(&mut self.writer.out, &self.keys[key.clone()])?;
        self.writer.out.push(b':');
        write(self.writer)?;
        self.entries.push((key, start..self.writer.out.len()));
        Ok(())
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        let start = self.keys.len();
        self.keys.push_str(key);
        let key_range = start..self.keys.len();
        if self.writer.depth == 1 && self.writer.given == Some(key) {
            self.writer.given = None;
            return self.entry_with(key_range, |writer| {
                writer.array_hole();
                Ok(())
            });
        }
        self.entry(key_range, value)
    }

    /// Ends the object: entries written in strictly increasing key order
    /// stay where they are; otherwise they are rewritten in key order (the
    /// last of equal keys), as are the outermost object's when keys are to be
    /// left out.
    fn close(mut self) -> Result<&'a mut Canonical<'s>, Error> {
        let writer = self.writer;
        writer.depth -= 1;
        let keys = &self.keys;
        let key = |range: &Range<usize>| &keys[range.clone()];
        let skipping = writer.depth == 0 && !writer.skip.is_empty();
        let in_order = self
            .entries
            .windows(2)
            .all(|pair| key(&pair[0].0) < key(&pair[1].0));
        if skipping || !in_order {
            self.entries.sort_by(|(a, _), (b, _)| key(a).cmp(key(b)));
            let mut written = std::mem::take(&mut writer.scratch);
            written.clear();
            written.extend_from_slice(&writer.out[self.start..]);
            writer.out.truncate(self.start);
            let mut first = true;
            // Where the runs go moves with the outermost entry around it
            // (and goes with it if that entry is left out).
            let hole = if writer.depth == 0 {
                writer.hole.take()
            } else {
                None
            };
            for (index, (name, entry)) in self.entries.iter().enumerate() {
                let replaced = self
                    .entries
                    .get(index + 1)
                    .is_some_and(|(next, _)| key(next) == key(name));
                if replaced || (writer.depth == 0 && writer.skip.contains(&key(name))) {
                    continue;
                }
                if !first {
                    writer.out.push(b',');
                }
                first = false;
                if let Some(hole) = hole.filter(|hole| entry.contains(hole)) {
                    writer.hole = Some(writer.out.len() + hole - entry.start);
                }
                let entry = entry.start - self.start..entry.end - self.start;
                writer.out.extend_from_slice(&written[entry]);
            }
            writer.scratch = written;
        }
        writer.out.push(b'}');
        Ok(writer)
    }
}

/// An array being written, straight to the current buffer.
struct Array<'a, 's> {
    writer: &'a mut Canonical<'s>,
    first: bool,
    /// What closes it: `]`, or `]}` for a tuple variant.
    end: &'static [u8],
}

impl Array<'_, '_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        if !self.first {
            self.writer.out.push(b',');
        }
        self.first = false;
        value.serialize(&mut *self.writer)
    }

    fn close(self) -> Result<(), Error> {
        self.writer.out.extend_from_slice(self.end);
        Ok(())
    }
}

/// A struct variant: `{"variant":{…}}`, the inner object sorted.
struct Variant<'a, 's> {
    object: Object<'a, 's>,
}

impl<'a, 's> ser::Serializer for &'a mut Canonical<'s> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Array<'a, 's>;
    type SerializeTuple = Array<'a, 's>;
    type SerializeTupleStruct = Array<'a, 's>;
    type SerializeTupleVariant = Array<'a, 's>;
    type SerializeMap = Object<'a, 's>;
    type SerializeStruct = Object<'a, 's>;
    type SerializeStructVariant = Variant<'a, 's>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out
            .extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }

    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }

    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }

    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, &v)
    }

    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        match (i64::try_from(v), u64::try_from(v)) {
            (Ok(v), _) => self.serialize_i64(v),
            (_, Ok(v)) => self.serialize_u64(v),
            _ => Err(Error::custom("number out of range")),
        }
    }

    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }

    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, &v)
    }

    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        match u64::try_from(v) {
            Ok(v) => self.serialize_u64(v),
            Err(_) => Err(Error::custom("number out of range")),
        }
    }

    /// Widened to `f64`, as `to_value` stores it.
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(v.into())
    }

    /// `null` when not finite, as `to_value` stores it.
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, &serde_json::Value::from(v))
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v)
    }

    /// An array of numbers, as `to_value` stores bytes.
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        serde_json::to_writer(&mut self.out, v)
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.string(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    /// `{"variant":value}`: one key, nothing to sort.
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push(b'{');
        self.string(variant)?;
        self.out.push(b':');
        value.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        self.out.push(b'[');
        Ok(Array {
            writer: self,
            first: true,
            end: b"]",
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        self.serialize_seq(Some(len))
    }

    /// `{"variant":[…]}`.
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        self.out.push(b'{');
        self.string(variant)?;
        self.out.extend_from_slice(b":[");
        Ok(Array {
            writer: self,
            first: true,
            end: b"]}",
        })
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        self.open_object()
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        self.open_object()
    }

    /// `{"variant":{…}}`.
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        self.out.push(b'{');
        self.string(variant)?;
        self.out.push(b':');
        Ok(Variant {
            object: self.open_object()?,
        })
    }
}

/// The four array-like serializer traits differ only in the name of their
/// element method: each writes an element, then closes the array.
macro_rules! array_serializer {
    ($($trait:ident :: $element:ident),+) => {$(
        impl ser::$trait for Array<'_, '_> {
            type Ok = ();
            type Error = Error;

            fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }

            fn end(self) -> Result<(), Error> {
                self.close()
            }
        }
    )+};
}

array_serializer!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Object<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let start = self.keys.len();
        key.serialize(KeyWriter(&mut self.keys))?;
        self.key = Some(start..self.keys.len());
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error::custom("a map value without its key"))?;
        self.entry(key, value)
    }

    fn end(self) -> Result<(), Error> {
        self.close().map(drop)
    }
}

impl ser::SerializeStruct for Object<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Error> {
        self.close().map(drop)
    }
}

impl ser::SerializeStructVariant for Variant<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.object.field(key, value)
    }

    fn end(self) -> Result<(), Error> {
        let writer = self.object.close()?;
        writer.out.push(b'}');
        Ok(())
    }
}

/// Writes a map key as `to_value` turns it into a string: strings, chars,
/// booleans, integers and unit variants; anything else is refused.
struct KeyWriter<'a>(&'a mut String);

impl KeyWriter<'_> {
    fn push(self, text: &str) -> Result<(), Error> {
        self.0.push_str(text);
        Ok(())
    }

    fn refuse<T>(&self) -> Result<T, Error> {
        Err(Error::custom("a map key must be a string"))
    }
}

impl ser::Serializer for KeyWriter<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.push(if v { "true" } else { "false" })
    }

    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.push(&v.to_string())
    }

    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.push(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.push(v)
    }

    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.push(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        self.refuse()
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        self.refuse()
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        self.refuse()
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        self.refuse()
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        self.refuse()
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        self.refuse()
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        self.refuse()
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        self.refuse()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::io::Write;

    use serde::Serialize;
    use serde_json::{Value, json};

    use super::*;

    /// The previous way, the reference: a value tree, then a sorted walk.
    fn reference<T: Serialize>(value: &T) -> Vec<u8> {
        fn walk(value: &Value, out: &mut Vec<u8>) {
            match value {
                Value::Object(map) => {
                    let mut entries: Vec<_> = map.iter().collect();
                    entries.sort_unstable_by_key(|(key, _)| *key);
                    out.push(b'{');
                    for (index, (key, item)) in entries.into_iter().enumerate() {
                        if index > 0 {
                            out.push(b',');
                        }
                        serde_json::to_writer(&mut *out, key).unwrap();
                        out.push(b':');
                        walk(item, out);
                    }
                    out.push(b'}');
                }
                Value::Array(items) => {
                    out.push(b'[');
                    for (index, item) in items.iter().enumerate() {
                        if index > 0 {
                            out.push(b',');
                        }
                        walk(item, out);
                    }
                    out.push(b']');
                }
                scalar => serde_json::to_writer(out, scalar).unwrap(),
            }
        }
        let mut out = Vec::new();
        walk(&serde_json::to_value(value).unwrap(), &mut out);
        out
    }

    #[derive(Serialize)]
    enum Shape {
        Unit,
        Newtype(Vec<u8>),
        Tuple(u32, String),
        Struct { zeta: f32, alpha: Option<i128> },
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Sample {
        zulu: Value,
        shapes: Vec<Shape>,
        by_number: BTreeMap<u16, char>,
        by_flag: BTreeMap<bool, ()>,
        #[serde(skip_serializing_if = "Option::is_none")]
        absent: Option<String>,
        floats: (f64, f64, f32),
        alpha: &'static str,
    }

    #[test]
    fn writes_what_a_sorted_value_tree_gives() {
        let sample = Sample {
            zulu: json!({
                "b": [1, 2.5, -3, {"y": null, "x": "\u{1}\"quoted\"\n"}],
                "a": {"é": true, "e": false, "": 1e300},
                "B": u64::MAX,
            }),
            shapes: vec![
                Shape::Unit,
                Shape::Newtype(vec![0, 255]),
                Shape::Tuple(7, "seven".into()),
                Shape::Struct {
                    zeta: 0.1,
                    alpha: Some(-5),
                },
            ],
            by_number: BTreeMap::from([(10, 'x'), (9, 'y')]),
            by_flag: BTreeMap::from([(true, ()), (false, ())]),
            absent: None,
            floats: (f64::NAN, 1.0, 1.5),
            alpha: "first",
        };
        assert_eq!(
            String::from_utf8(to_vec(&sample).unwrap()).unwrap(),
            String::from_utf8(reference(&sample)).unwrap()
        );
    }

    /// Nested objects whose keys come in and out of order, at every depth,
    /// against the reference (entries in order stay where they were written,
    /// the others are moved: both must give the same bytes).
    #[test]
    fn objects_in_and_out_of_key_order_at_every_depth() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        fn build(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> Value {
            match if depth == 0 { 3 } else { next(5) } {
                0 | 1 => {
                    let mut object = serde_json::Map::new();
                    for _ in 0..next(6) {
                        let key = ["a", "b", "c", "aa", "é", "", "z"][next(7) as usize];
                        object.insert(key.to_string(), build(next, depth.saturating_sub(1)));
                    }
                    Value::Object(object)
                }
                2 => Value::Array(
                    (0..next(4))
                        .map(|_| build(next, depth.saturating_sub(1)))
                        .collect(),
                ),
                _ => json!(next(1000)),
            }
        }
        for _ in 0..500 {
            let value = build(&mut next, 5);
            assert_eq!(to_vec(&value).unwrap(), reference(&value), "{value}");
        }
    }

    /// A key given twice (a flattened field over a map's) keeps its last value.
    #[test]
    fn a_repeated_key_keeps_its_last_value() {
        #[derive(Serialize)]
        struct Outer {
            b: u8,
            #[serde(flatten)]
            rest: BTreeMap<String, u8>,
        }
        let outer = Outer {
            b: 1,
            rest: BTreeMap::from([("a".into(), 2), ("b".into(), 3)]),
        };
        assert_eq!(to_vec(&outer).unwrap(), reference(&outer));
        assert_eq!(to_vec(&outer).unwrap(), br#"{"a":2,"b":3}"#);
    }

    #[test]
    fn leaves_out_keys_of_the_outermost_object_only() {
        let value = json!({"hash": 1, "keep": {"hash": 2}, "approvals": []});
        let mut expected = Vec::new();
        write!(expected, r#"{{"keep":{{"hash":2}}}}"#).unwrap();
        assert_eq!(
            to_vec_without(&value, &["hash", "approvals"]).unwrap(),
            expected
        );
    }

    /// The outermost object's array written in runs on several threads is
    /// the array written in place, for any number of items.
    #[test]
    fn an_array_written_in_parallel_is_put_in_place() {
        #[derive(Serialize)]
        struct Listing {
            name: &'static str,
            items: Vec<Value>,
            nested: Nested,
            hash: u8,
        }
        #[derive(Serialize)]
        struct Nested {
            items: Vec<u8>,
        }
        for count in [0, 1, 5, PARALLEL_MIN, 2 * PARALLEL_MIN + 3] {
            let items: Vec<Value> = (0..count)
                .map(|i| json!({"z": [i, {"b": 1, "a": i}], "a": format!("item {i}")}))
                .collect();
            let listing = Listing {
                name: "runs",
                items: items.clone(),
                nested: Nested { items: vec![1, 2] },
                hash: 7,
            };
            // With a key left out the outermost object is rewritten (the
            // runs' place moves); without, it stays as written.
            for (skip, block) in [(&["hash"][..], BLOCK), (&[], BLOCK), (&["hash"], 300)] {
                let in_parallel =
                    to_vec_without_in_parallel(&listing, skip, "items", &items, block).unwrap();
                assert_eq!(in_parallel, to_vec_without(&listing, skip).unwrap());
            }
        }
        let error =
            to_vec_without_in_parallel(&json!({"a": 1}), &[], "items", &[1], BLOCK).unwrap_err();
        assert!(error.to_string().contains("no field items"), "{error}");
    }
}
