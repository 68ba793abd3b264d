//! Any `SatParameters` field by its proto name (`--param num_workers=1`), encoded by the
//! field's number and type as OR-Tools' own definition gives them: the build reads the
//! serialized `FileDescriptorProto` that the wheel's `sat_parameters_pb2.py` carries, so
//! no field is written out here. The encoded fields are appended to masu's own parameters;
//! protobuf keeps the last value of a field, so they win (repeated fields add).
//!
//! Values: numbers as Rust parses them, booleans `true`/`false` (or 1/0), enums by value
//! name (`FIXED_SEARCH`) or number, strings as given; a repeated field takes a
//! comma-separated list. Message-typed fields are refused.

use std::sync::OnceLock;

use prost::Message;
use prost::encoding::{WireType, encode_key, encode_varint};

/// The serialized `FileDescriptorProto` of `ortools/sat/sat_parameters.proto` (empty when the
/// build found no definitions).
const DESCRIPTOR: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/sat_parameters.desc"));

// The few fields of descriptor.proto that name a field's number and type.
#[derive(Clone, PartialEq, Message)]
struct FileDescriptorProto {
    #[prost(message, repeated, tag = "4")]
    message_type: Vec<DescriptorProto>,
}

#[derive(Clone, PartialEq, Message)]
struct DescriptorProto {
    #[prost(string, optional, tag = "1")]
    name: Option<String>,
    #[prost(message, repeated, tag = "2")]
    field: Vec<FieldDescriptorProto>,
    #[prost(message, repeated, tag = "4")]
    enum_type: Vec<EnumDescriptorProto>,
}

#[derive(Clone, PartialEq, Message)]
struct FieldDescriptorProto {
    #[prost(string, optional, tag = "1")]
    name: Option<String>,
    #[prost(int32, optional, tag = "3")]
    number: Option<i32>,
    #[prost(int32, optional, tag = "4")]
    label: Option<i32>,
    #[prost(int32, optional, tag = "5")]
    r#type: Option<i32>,
    #[prost(string, optional, tag = "6")]
    type_name: Option<String>,
}

#[derive(Clone, PartialEq, Message)]
struct EnumDescriptorProto {
    #[prost(string, optional, tag = "1")]
    name: Option<String>,
    #[prost(message, repeated, tag = "2")]
    value: Vec<EnumValueDescriptorProto>,
}

#[derive(Clone, PartialEq, Message)]
struct EnumValueDescriptorProto {
    #[prost(string, optional, tag = "1")]
    name: Option<String>,
    #[prost(int32, optional, tag = "2")]
    number: Option<i32>,
}

/// descriptor.proto's FieldDescriptorProto.Type values.
mod kind {
    pub const DOUBLE: i32 = 1;
    pub const FLOAT: i32 = 2;
    pub const INT64: i32 = 3;
    pub const UINT64: i32 = 4;
    pub const INT32: i32 = 5;
    pub const BOOL: i32 = 8;
    pub const STRING: i32 = 9;
    pub const UINT32: i32 = 13;
    pub const ENUM: i32 = 14;
}
const REPEATED: i32 = 3;

fn sat_parameters() -> Result<&'static DescriptorProto, String> {
    static MESSAGE: OnceLock<Result<DescriptorProto, String>> = OnceLock::new();
    MESSAGE
        .get_or_init(|| {
            if DESCRIPTOR.is_empty() {
                return Err(
                    "this build found no SatParameters definitions (sat_parameters_pb2.py beside the library)".into()
                );
            }
            let file =
                FileDescriptorProto::decode(DESCRIPTOR).map_err(|e| format!("bad SatParameters definitions: {e}"))?;
            file.message_type
                .into_iter()
                .find(|m| m.name.as_deref() == Some("SatParameters"))
                .ok_or_else(|| "no SatParameters message in the definitions".to_string())
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The names of every `SatParameters` field (for messages and tests).
pub fn field_names() -> Vec<&'static str> {
    sat_parameters().map(|m| m.field.iter().filter_map(|f| f.name.as_deref()).collect()).unwrap_or_default()
}

/// `name=value` pairs as encoded `SatParameters` fields; the error names the pair at fault:
/// `(name, reason)`.
pub fn encode(parameters: &[(String, String)]) -> Result<Vec<u8>, (String, String)> {
    let mut bytes = Vec::new();
    for (name, value) in parameters {
        encode_one(name, value, &mut bytes).map_err(|reason| (name.clone(), reason))?;
    }
    Ok(bytes)
}

/// Refuses, before any solve, a name `SatParameters` does not have and a value its type
/// cannot take.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), (String, String)> {
    encode(parameters).map(|_| ())
}

fn encode_one(name: &str, value: &str, out: &mut Vec<u8>) -> Result<(), String> {
    let message = sat_parameters()?;
    let field = message
        .field
        .iter()
        .find(|f| f.name.as_deref() == Some(name))
        .ok_or_else(|| "SatParameters has no such field (see ortools/sat/sat_parameters.proto)".to_string())?;
    let tag = field.number.unwrap_or(0) as u32;
    let values: Vec<&str> =
        if field.label == Some(REPEATED) { value.split(',').map(str::trim).collect() } else { vec![value.trim()] };
    for value in values {
        let bad = |what: &str| format!("'{value}' is not {what}");
        match field.r#type.unwrap_or(0) {
            kind::DOUBLE => {
                let x: f64 = value.parse().map_err(|_| bad("a number"))?;
                encode_key(tag, WireType::SixtyFourBit, out);
                out.extend_from_slice(&x.to_le_bytes());
            }
            kind::FLOAT => {
                let x: f32 = value.parse().map_err(|_| bad("a number"))?;
                encode_key(tag, WireType::ThirtyTwoBit, out);
                out.extend_from_slice(&x.to_le_bytes());
            }
            kind::INT32 | kind::INT64 => {
                let x: i64 = value.parse().map_err(|_| bad("an integer"))?;
                if field.r#type == Some(kind::INT32) && i32::try_from(x).is_err() {
                    return Err(bad("a 32-bit integer"));
                }
                encode_key(tag, WireType::Varint, out);
                encode_varint(x as u64, out);
            }
            kind::UINT32 | kind::UINT64 => {
                let x: u64 = value.parse().map_err(|_| bad("a non-negative integer"))?;
                if field.r#type == Some(kind::UINT32) && u32::try_from(x).is_err() {
                    return Err(bad("a 32-bit non-negative integer"));
                }
                encode_key(tag, WireType::Varint, out);
                encode_varint(x, out);
            }
            kind::BOOL => {
                let x = match value {
                    "true" | "1" => 1,
                    "false" | "0" => 0,
                    _ => return Err(bad("true or false")),
                };
                encode_key(tag, WireType::Varint, out);
                encode_varint(x, out);
            }
            kind::STRING => {
                encode_key(tag, WireType::LengthDelimited, out);
                encode_varint(value.len() as u64, out);
                out.extend_from_slice(value.as_bytes());
            }
            kind::ENUM => {
                let type_name = field.type_name.as_deref().unwrap_or("");
                let short = type_name.rsplit('.').next().unwrap_or(type_name);
                let values = message.enum_type.iter().find(|e| e.name.as_deref() == Some(short));
                let names =
                    || values.map(|e| e.value.iter().filter_map(|v| v.name.as_deref()).collect::<Vec<_>>().join(", "));
                let number = values
                    .and_then(|e| e.value.iter().find(|v| v.name.as_deref() == Some(value)))
                    .and_then(|v| v.number)
                    .or_else(|| {
                        let n: i32 = value.parse().ok()?;
                        values.is_some_and(|e| e.value.iter().any(|v| v.number == Some(n))).then_some(n)
                    })
                    .ok_or_else(|| bad(&format!("one of {}", names().unwrap_or_default())))?;
                encode_key(tag, WireType::Varint, out);
                encode_varint(i64::from(number) as u64, out);
            }
            other => return Err(format!("fields of protobuf type {other} (messages, bytes) cannot be set by --param")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::SatParameters;

    #[test]
    fn fields_are_encoded_by_their_own_number_and_type() {
        let pairs =
            |list: &[(&str, &str)]| list.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect::<Vec<_>>();
        let bytes = encode(&pairs(&[
            ("num_workers", "3"),
            ("random_seed", "-7"),
            ("max_time_in_seconds", "2.5"),
            ("cp_model_presolve", "false"),
            ("log_search_progress", "1"),
        ]))
        .unwrap();
        let decoded = SatParameters::decode(bytes.as_slice()).unwrap();
        assert_eq!(decoded.num_workers, Some(3));
        assert_eq!(decoded.random_seed, Some(-7));
        assert_eq!(decoded.max_time_in_seconds, Some(2.5));
        assert_eq!(decoded.cp_model_presolve, Some(false));
        assert_eq!(decoded.log_search_progress, Some(true));
        assert!(field_names().len() > 200, "{}", field_names().len());
    }

    #[test]
    fn enums_take_their_value_names_and_bad_input_is_named() {
        let one = |n: &str, v: &str| encode(&[(n.to_string(), v.to_string())]);
        assert!(one("search_branching", "FIXED_SEARCH").is_ok());
        let (name, reason) = one("search_branching", "SIDEWAYS").unwrap_err();
        assert_eq!(name, "search_branching");
        assert!(reason.contains("FIXED_SEARCH") && reason.contains("'SIDEWAYS'"), "{reason}");
        assert!(one("no_such_field", "1").unwrap_err().1.contains("no such field"));
        assert!(one("num_workers", "many").unwrap_err().1.contains("'many' is not an integer"));
        assert!(one("num_workers", "4294967296").is_err());
        assert!(one("subsolvers", "default_lp,no_lp").is_ok());
    }
}
