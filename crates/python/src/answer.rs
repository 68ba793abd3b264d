//! A solve's answer held in Rust and read field by field: `masu.Result` asks for a field when
//! Python first reads it, so a solve pays for the fields it uses, not for the thirty of the
//! command line's JSON line (`to_dict` builds them all). The fields are the answer's own
//! serde fields, picked by name from its serialization: their names are spelled once.

use std::fmt;

use masu_harness::request::Answer;
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use serde::Serialize;
use serde::ser::{self, Impossible, SerializeMap, SerializeStruct};

use crate::SolveError;

/// One solve's answer (`masu.Result` reads it).
#[pyclass(frozen, module = "masu._masu", name = "Answer")]
pub(crate) struct Fields(pub(crate) Answer);

#[pymethods]
impl Fields {
    /// The field `name` as Python objects (KeyError: the answer has no such field).
    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        // The count as an exact int past 2^64 too (its JSON form turns to digits there).
        if name == "count" {
            return Ok(self.0.count.0.into_pyobject(py)?.into_any().unbind());
        }
        let mut pick = Pick { py, name, key: None, found: None };
        self.0.serialize(&mut pick).map_err(|e| SolveError::new_err(e.0))?;
        pick.found.ok_or_else(|| PyKeyError::new_err(name.to_string()))
    }

    /// Every field, as a dict: the fields of `masu solve --format json`.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let dict = pythonize::pythonize(py, &self.0).map_err(|e| SolveError::new_err(e.to_string()))?;
        dict.set_item("count", self.0.count.0)?;
        Ok(dict.unbind())
    }
}

/// Why a field could not be picked.
#[derive(Debug)]
struct Unpicked(String);

impl fmt::Display for Unpicked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unpicked {}

impl ser::Error for Unpicked {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Unpicked(message.to_string())
    }
}

/// A serializer of a struct or map that converts only the entry named `name` (flattened
/// structs arrive as map entries).
struct Pick<'a, 'py> {
    py: Python<'py>,
    name: &'a str,
    /// Whether the key before the value to come is `name`.
    key: Option<bool>,
    found: Option<Py<PyAny>>,
}

impl Pick<'_, '_> {
    fn take<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unpicked> {
        let object = pythonize::pythonize(self.py, value).map_err(|e| Unpicked(e.to_string()))?;
        self.found = Some(object.unbind());
        Ok(())
    }
}

impl SerializeStruct for &mut Pick<'_, '_> {
    type Ok = ();
    type Error = Unpicked;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Unpicked> {
        if key == self.name { self.take(value) } else { Ok(()) }
    }
    fn end(self) -> Result<(), Unpicked> {
        Ok(())
    }
}

impl SerializeMap for &mut Pick<'_, '_> {
    type Ok = ();
    type Error = Unpicked;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unpicked> {
        self.key = Some(key.serialize(IsKey(self.name))?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unpicked> {
        if self.key.take() == Some(true) { self.take(value) } else { Ok(()) }
    }
    fn end(self) -> Result<(), Unpicked> {
        Ok(())
    }
}

/// The error of a value that is not a struct or a map (or, as a key, not a string).
fn refused<T>() -> Result<T, Unpicked> {
    Err(Unpicked("an answer's fields are a struct's, named by strings".into()))
}

/// The methods of a serializer that take only what [`refused`] says.
macro_rules! refuse {
    ($($method:ident($($arg:ty),*);)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<Self::Ok, Unpicked> { refused() })*
        fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<Self::Ok, Unpicked> { refused() }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, _: &T) -> Result<Self::Ok, Unpicked> { refused() }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(self, _: &'static str, _: u32, _: &'static str, _: &T) -> Result<Self::Ok, Unpicked> { refused() }
        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unpicked> { refused() }
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unpicked> { refused() }
        fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Unpicked> { refused() }
        fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeTupleVariant, Unpicked> { refused() }
        fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeStructVariant, Unpicked> { refused() }
    };
}

impl ser::Serializer for &mut Pick<'_, '_> {
    type Ok = ();
    type Error = Unpicked;
    type SerializeSeq = Impossible<(), Unpicked>;
    type SerializeTuple = Impossible<(), Unpicked>;
    type SerializeTupleStruct = Impossible<(), Unpicked>;
    type SerializeTupleVariant = Impossible<(), Unpicked>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Unpicked>;

    fn serialize_map(self, _: Option<usize>) -> Result<Self, Unpicked> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Unpicked> {
        Ok(self)
    }
    refuse! {
        serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32); serialize_i64(i64);
        serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_u64(u64); serialize_f32(f32);
        serialize_f64(f64); serialize_char(char); serialize_str(&str); serialize_bytes(&[u8]); serialize_none();
        serialize_unit(); serialize_unit_struct(&'static str); serialize_unit_variant(&'static str, u32, &'static str);
    }
}

/// Whether a map's key is the string `.0`.
struct IsKey<'a>(&'a str);

impl ser::Serializer for IsKey<'_> {
    type Ok = bool;
    type Error = Unpicked;
    type SerializeSeq = Impossible<bool, Unpicked>;
    type SerializeTuple = Impossible<bool, Unpicked>;
    type SerializeTupleStruct = Impossible<bool, Unpicked>;
    type SerializeTupleVariant = Impossible<bool, Unpicked>;
    type SerializeMap = Impossible<bool, Unpicked>;
    type SerializeStruct = Impossible<bool, Unpicked>;
    type SerializeStructVariant = Impossible<bool, Unpicked>;

    fn serialize_str(self, key: &str) -> Result<bool, Unpicked> {
        Ok(key == self.0)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unpicked> {
        refused()
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Unpicked> {
        refused()
    }
    refuse! {
        serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32); serialize_i64(i64);
        serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_u64(u64); serialize_f32(f32);
        serialize_f64(f64); serialize_char(char); serialize_bytes(&[u8]); serialize_none();
        serialize_unit(); serialize_unit_struct(&'static str); serialize_unit_variant(&'static str, u32, &'static str);
    }
}
