//! Answers that are pure functions of the build (the variant list, the OpenAPI document):
//! served with an `ETag` (a hash of the body) and `Cache-Control`, and `304 Not Modified`
//! when the client already holds them (`If-None-Match`).

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

/// How long clients and shared caches may keep such an answer without asking again.
pub const MAX_AGE_SECS: u32 = 3600;

/// A fixed body with its entity tag.
pub struct Cacheable {
    body: Bytes,
    etag: String,
    content_type: &'static str,
    max_age: u32,
}

impl Cacheable {
    pub fn new(body: impl Into<Bytes>, content_type: &'static str) -> Cacheable {
        Cacheable::with_max_age(body, content_type, MAX_AGE_SECS)
    }

    /// A body that clients may keep `max_age` seconds.
    pub fn with_max_age(
        body: impl Into<Bytes>,
        content_type: &'static str,
        max_age: u32,
    ) -> Cacheable {
        let body = body.into();
        let etag = format!("\"{:016x}\"", crate::rules::hash::fnv1a(&body));
        Cacheable {
            body,
            etag,
            content_type,
            max_age,
        }
    }

    /// `304` when `If-None-Match` names this body, else `200` with the body.
    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let cache_control = format!("public, max-age={}", self.max_age);
        let matches = req
            .headers()
            .get_all(header::IF_NONE_MATCH)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|tag| tag.trim().trim_start_matches("W/"))
            .any(|tag| tag == "*" || tag == self.etag);
        let mut response = if matches {
            HttpResponse::NotModified()
        } else {
            HttpResponse::Ok()
        };
        response
            .insert_header((header::ETAG, self.etag.clone()))
            .insert_header((header::CACHE_CONTROL, cache_control));
        if matches {
            response.finish()
        } else {
            response
                .content_type(self.content_type)
                .body(self.body.clone())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn a_matching_tag_gets_304_and_another_gets_the_body() {
        let item = Cacheable::new("[1,2,3]", "application/json");
        let fresh = item.respond(&TestRequest::default().to_http_request());
        assert_eq!(fresh.status(), 200);
        let tag = item.etag.clone();
        for given in [
            tag.clone(),
            format!("W/{tag}"),
            format!("\"x\", {tag}"),
            "*".into(),
        ] {
            let req = TestRequest::default()
                .insert_header((header::IF_NONE_MATCH, given.as_str()))
                .to_http_request();
            assert_eq!(item.respond(&req).status(), 304, "{given}");
        }
        let other = TestRequest::default()
            .insert_header((header::IF_NONE_MATCH, "\"0000\""))
            .to_http_request();
        assert_eq!(item.respond(&other).status(), 200);
        assert_ne!(Cacheable::new("[1,2]", "application/json").etag, tag);
    }
}
