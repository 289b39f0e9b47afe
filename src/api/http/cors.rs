//! Cross-origin access for browser frontends served from other origins, through actix-cors.
//!
//! The API is stateless, holds no user data and sets no cookies, so the default lets any
//! origin call it (`Access-Control-Allow-Origin: *`, never with credentials). A deployment
//! can name its origins instead; a request from any other origin is still served (a client
//! that is not a browser gets its answer), but without CORS headers, so a browser refuses it.

use actix_cors::Cors;
use actix_web::http::{header, Method, Uri};

/// How long a browser may cache a preflight answer, in seconds (browsers cap it: Chromium at
/// two hours).
pub const PREFLIGHT_MAX_AGE_SECS: usize = 86_400;

/// Which origins may call the API from a browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorsPolicy {
    AnyOrigin,
    Origins(Vec<String>),
}

impl CorsPolicy {
    /// Read `*` or a comma-separated list of origins (`scheme://host[:port]`, no path).
    pub fn parse(text: &str) -> Result<CorsPolicy, String> {
        let text = text.trim();
        if text == "*" {
            return Ok(CorsPolicy::AnyOrigin);
        }
        let mut origins = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let uri: Uri = item
                .parse()
                .map_err(|_| format!("CORS origin '{item}' is not a URL"))?;
            let well_formed = uri.scheme().is_some()
                && uri.host().is_some()
                && uri.path_and_query().is_none_or(|p| p.as_str() == "/")
                && !item.ends_with('/');
            if !well_formed {
                return Err(format!(
                    "CORS origin '{item}' must be scheme://host[:port] with no path, or '*'"
                ));
            }
            origins.push(item.to_string());
        }
        if origins.is_empty() {
            return Err("the CORS origin list is empty: give '*' or at least one origin".into());
        }
        Ok(CorsPolicy::Origins(origins))
    }

    /// The middleware for one resource, allowing the methods it answers.
    pub fn for_methods(&self, methods: &[Method]) -> Cors {
        let cors = match self {
            CorsPolicy::AnyOrigin => Cors::default().allow_any_origin().send_wildcard(),
            CorsPolicy::Origins(list) => list
                .iter()
                .fold(Cors::default(), |cors, origin| cors.allowed_origin(origin)),
        };
        cors.allowed_methods(methods.iter().cloned())
            .allowed_headers([
                header::CONTENT_TYPE,
                header::HeaderName::from_static(crate::api::http::observe::REQUEST_ID),
                header::HeaderName::from_static(crate::api::admission::fair_share::API_KEY_HEADER),
            ])
            .expose_headers([
                header::HeaderName::from_static(crate::api::http::observe::REQUEST_ID),
                header::RETRY_AFTER,
            ])
            .max_age(PREFLIGHT_MAX_AGE_SECS)
            .block_on_origin_mismatch(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_wildcard_and_lists() {
        assert_eq!(CorsPolicy::parse(" * "), Ok(CorsPolicy::AnyOrigin));
        assert_eq!(
            CorsPolicy::parse("https://a.example, http://localhost:3000"),
            Ok(CorsPolicy::Origins(vec![
                "https://a.example".into(),
                "http://localhost:3000".into()
            ]))
        );
    }

    #[test]
    fn refuses_what_is_not_an_origin() {
        for bad in [
            "",
            ",",
            "a.example",
            "https://a.example/path",
            "https://a.example/",
        ] {
            assert!(CorsPolicy::parse(bad).is_err(), "{bad:?} accepted");
        }
    }
}
