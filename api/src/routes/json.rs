//! Request bodies as JSON, read strictly: the media type must be JSON in
//! UTF-8 (a body said to be in another charset is a 415, since JSON on the
//! wire is UTF-8 and the server would otherwise read it as what it is not),
//! and an object may name a key once (`{"players": 4, "players": 5}` is a
//! 400 that names the key, where a parser would keep the last one).
//!
//! Reading the bytes (the size limit, the body deadline) is actix's `Json`
//! extractor with the server's `JsonConfig`; this module decides what the
//! bytes may say.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::mime;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::error::ApiError;

/// A request body read as a JSON value (see the module's description).
#[derive(Debug, Clone)]
pub struct JsonBody(pub Value);

impl JsonBody {
    /// The value read.
    pub fn into_inner(self) -> Value {
        self.0
    }
}

impl FromRequest for JsonBody {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<JsonBody, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if let Err(refused) = media_type(req) {
            return Box::pin(std::future::ready(Err(refused.into())));
        }
        let read = web::Json::<Strict>::from_request(req, payload);
        Box::pin(async move { read.await.map(|json| JsonBody(json.into_inner().0)) })
    }
}

/// Reads a JSON body of up to `limit` bytes, for the one route whose
/// bodies are larger than the server's JSON limit (a game record): the same
/// media type and duplicate-key rules; 413 past `limit`, 408 when the body
/// misses its deadline.
pub(crate) async fn read_large(
    req: &HttpRequest,
    mut payload: web::Payload,
    limit: usize,
) -> Result<Value, ApiError> {
    use futures_core::Stream;
    media_type(req)?;
    let mut bytes = web::BytesMut::new();
    while let Some(chunk) = std::future::poll_fn(|cx| Pin::new(&mut payload).poll_next(cx)).await {
        let chunk = chunk.map_err(|e| {
            if crate::limits::is_body_timeout(&e) {
                ApiError::timeout("the body did not arrive in time")
            } else {
                ApiError::bad_request(format!("body: {e}"))
            }
        })?;
        if bytes.len() + chunk.len() > limit {
            return Err(ApiError::too_large(crate::limits::too_large_detail(limit)));
        }
        bytes.extend_from_slice(&chunk);
    }
    if bytes.is_empty() {
        return Err(ApiError::bad_request(format!(
            "the body is missing: {MEDIA_TYPE_RULE}"
        )));
    }
    serde_json::from_slice::<Strict>(&bytes)
        .map(|s| s.0)
        .map_err(|e| ApiError::bad_request(format!("body: {e}")))
}

/// What a refused media type's detail says.
pub(crate) const MEDIA_TYPE_RULE: &str =
    "send the body as JSON in UTF-8, with `Content-Type: application/json`";

/// Checks the `Content-Type` of a request with a body: JSON (`application/json`
/// or `application/*+json`), in UTF-8 if a charset is named. A request
/// without a body is left to the reader, which says the body is missing.
fn media_type(req: &HttpRequest) -> Result<(), ApiError> {
    let Some(header) = req.headers().get(actix_web::http::header::CONTENT_TYPE) else {
        return if has_body(req) {
            Err(ApiError::unsupported_media_type(format!(
                "Content-Type: missing; {MEDIA_TYPE_RULE}"
            )))
        } else {
            Ok(())
        };
    };
    let shown = String::from_utf8_lossy(header.as_bytes()).into_owned();
    let mime = match req.mime_type() {
        Ok(Some(mime)) => mime,
        _ => {
            return Err(ApiError::unsupported_media_type(format!(
                "Content-Type: `{shown}` is not a media type; {MEDIA_TYPE_RULE}"
            )));
        }
    };
    let json = mime.type_() == mime::APPLICATION
        && (mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON));
    if !json {
        return Err(ApiError::unsupported_media_type(format!(
            "Content-Type: `{shown}` is not JSON; {MEDIA_TYPE_RULE}"
        )));
    }
    if let Some(charset) = mime.get_param(mime::CHARSET) {
        let name = charset.as_str().to_ascii_lowercase();
        if name != "utf-8" && name != "utf8" {
            return Err(ApiError::unsupported_media_type(format!(
                "Content-Type: charset `{}` is not taken; JSON is read as UTF-8 only \
                 (`application/json; charset=utf-8`, or no charset)",
                charset.as_str()
            )));
        }
    }
    Ok(())
}

/// Whether the request says it carries a body.
fn has_body(req: &HttpRequest) -> bool {
    let headers = req.headers();
    headers.contains_key(actix_web::http::header::TRANSFER_ENCODING)
        || headers
            .get(actix_web::http::header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0")
}

/// A JSON value whose objects name each key once.
struct Strict(Value);

impl<'de> de::Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Strict, D::Error> {
        StrictSeed {
            path: String::new(),
        }
        .deserialize(deserializer)
        .map(Strict)
    }
}

/// Reads one value at `path` (`seats[1]`, `options.modules`), for the
/// refusal of a key given twice.
struct StrictSeed {
    path: String,
}

impl StrictSeed {
    fn field(&self, key: &str) -> StrictSeed {
        StrictSeed {
            path: if self.path.is_empty() {
                key.to_string()
            } else {
                format!("{}.{key}", self.path)
            },
        }
    }

    fn item(&self, index: usize) -> StrictSeed {
        StrictSeed {
            path: format!("{}[{index}]", self.path),
        }
    }
}

impl<'de> DeserializeSeed<'de> for StrictSeed {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StrictSeed {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.item(items.len()))? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                let at = self.field(&key).path;
                return Err(de::Error::custom(format!(
                    "{at}: given twice in one object; a key may appear once"
                )));
            }
            let value = map.next_value_seed(self.field(&key))?;
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Value, String> {
        serde_json::from_str::<Strict>(text)
            .map(|s| s.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_key_given_twice_is_refused_with_its_path() {
        let e = read(r#"{"ruleset":"dice","players":4,"players":5}"#).unwrap_err();
        assert!(e.starts_with("players: given twice"), "{e}");
        let e = read(r#"{"seats":[{},{"name":"A","name":"B"}]}"#).unwrap_err();
        assert!(e.starts_with("seats[1].name: given twice"), "{e}");
        let e = read(r#"{"options":{"modules":[],"modules":["ghost"]}}"#).unwrap_err();
        assert!(e.starts_with("options.modules: given twice"), "{e}");
    }

    #[test]
    fn anything_else_reads_as_serde_json_reads_it() {
        for text in [
            r#"{"ruleset":"dice","players":4,"seats":[{"name":"Ann"},{}],"seed":18446744073709551615}"#,
            r#"[1,-2,3.5,"x",null,true,{"a":{"a":1}}]"#,
            r#"{"a":1,"b":{"a":2}}"#,
            "\"text\"",
        ] {
            let strict = read(text).unwrap();
            let plain: Value = serde_json::from_str(text).unwrap();
            assert_eq!(strict, plain, "{text}");
        }
    }
}
