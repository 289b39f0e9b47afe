//! The players' language: the catalogues (Project Fluent's `.ftl` files in `locales/`,
//! compiled into the binary) and the choice of language per request (`?lang=`, else
//! `Accept-Language`, else English). Problems are written in English by the handlers with a
//! stable `code` and their facts as fields; the middleware here words `detail` and `title`
//! again in the chosen language from those, and says which in `Content-Language`.
//!
//! Fluent (the `fluent-bundle` crate) because its messages carry their own grammar (plural
//! and gender selectors written by the translator, not the code) and it is the format the
//! Mozilla and many open-source projects' translators already know.

use actix_web::body::{to_bytes, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    HeaderMap, HeaderValue, ACCEPT_LANGUAGE, CONTENT_LANGUAGE, CONTENT_TYPE, VARY,
};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpRequest};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde_json::Value;
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

/// A language the service speaks, complete in every catalogue.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lang {
    English,
    Spanish,
}

impl Lang {
    /// Every language, the default first.
    pub const ALL: [Lang; 2] = [Lang::English, Lang::Spanish];

    /// Its BCP 47 tag.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Spanish => "es",
        }
    }

    fn catalogue(self, catalogue: Catalogue) -> &'static str {
        match (self, catalogue) {
            (Lang::English, Catalogue::Problems) => {
                include_str!("../../../locales/en/problems.ftl")
            }
            (Lang::Spanish, Catalogue::Problems) => {
                include_str!("../../../locales/es/problems.ftl")
            }
            (Lang::English, Catalogue::Page) => include_str!("../../../locales/en/page.ftl"),
            (Lang::Spanish, Catalogue::Page) => include_str!("../../../locales/es/page.ftl"),
            (Lang::English, Catalogue::Variants) => {
                include_str!("../../../locales/en/variants.ftl")
            }
            (Lang::Spanish, Catalogue::Variants) => {
                include_str!("../../../locales/es/variants.ftl")
            }
        }
    }

    /// The language a request asks for: `?lang=` first, then the best of `Accept-Language`
    /// (by quality), else English.
    pub fn negotiate(query: &str, accept_language: Option<&str>) -> Lang {
        let asked = query
            .split('&')
            .filter_map(|pair| pair.strip_prefix("lang="))
            .map(str::to_string)
            .next();
        let wanted: Vec<LanguageIdentifier> = match asked {
            Some(tag) => tag.parse().into_iter().collect(),
            None => fluent_langneg::accepted_languages::parse(accept_language.unwrap_or("")),
        };
        wanted
            .iter()
            .find_map(|w| {
                Lang::ALL
                    .into_iter()
                    .find(|l| w.language.as_str() == l.tag())
            })
            .unwrap_or(Lang::English)
    }

    /// The language `req` asks for (see [`Lang::negotiate`]).
    pub fn of(req: &HttpRequest) -> Lang {
        Lang::negotiate(
            req.query_string(),
            req.headers()
                .get(ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok()),
        )
    }

    /// Say in an answer's headers that it is worded in this language and would be worded
    /// otherwise for another `Accept-Language`.
    pub fn mark(self, headers: &mut HeaderMap) {
        headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(self.tag()));
        headers.append(VARY, HeaderValue::from_static("Accept-Language"));
    }
}

/// What a catalogue words: the API's problems, the page at `/`, the presets' names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Catalogue {
    Problems,
    Page,
    Variants,
}

impl Catalogue {
    const ALL: [Catalogue; 3] = [Catalogue::Problems, Catalogue::Page, Catalogue::Variants];
}

/// The catalogues of every language, parsed once.
pub struct Catalogues {
    bundles: Vec<(Lang, Catalogue, FluentBundle<FluentResource>)>,
}

impl Catalogues {
    /// Parse every catalogue; an error names the language and what is wrong.
    pub fn load() -> Result<Catalogues, String> {
        let mut bundles = Vec::new();
        for lang in Lang::ALL {
            for catalogue in Catalogue::ALL {
                let name = format!("{} {catalogue:?} catalogue", lang.tag());
                let resource = FluentResource::try_new(lang.catalogue(catalogue).to_string())
                    .map_err(|(_, errors)| format!("{name}: {errors:?}"))?;
                let id: LanguageIdentifier = lang.tag().parse().map_err(|e| format!("{e}"))?;
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // No Unicode isolation marks around values: the text goes into JSON and
                // terminals, where they show as noise.
                bundle.set_use_isolating(false);
                bundle
                    .add_resource(resource)
                    .map_err(|e| format!("{name}: {e:?}"))?;
                bundles.push((lang, catalogue, bundle));
            }
        }
        Ok(Catalogues { bundles })
    }

    /// The catalogues of the process (parsed at first use; the files are in the binary and
    /// checked by the tests, so a failure here is a build that was never tested).
    pub fn get() -> Option<&'static Catalogues> {
        static CATALOGUES: OnceLock<Option<Catalogues>> = OnceLock::new();
        CATALOGUES
            .get_or_init(|| Catalogues::load().map_err(|e| tracing::error!("{e}")).ok())
            .as_ref()
    }

    /// The message `id` in `lang` with `facts` as its variables; `None` when the catalogue
    /// has no such message or the facts do not fill it.
    pub fn message(
        &self,
        lang: Lang,
        id: &str,
        facts: &serde_json::Map<String, Value>,
    ) -> Option<String> {
        let bundle = self.bundle(lang, Catalogue::Problems)?;
        let mut args = FluentArgs::new();
        for (name, value) in facts {
            let value = match value {
                Value::Number(n) => FluentValue::from(n.as_f64()?),
                Value::String(s) => FluentValue::from(s.clone()),
                Value::Array(items) => FluentValue::from(
                    items
                        .iter()
                        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
                _ => continue,
            };
            args.set(name.clone(), value);
        }
        filled(bundle, id, Some(&args))
    }

    fn bundle(&self, lang: Lang, catalogue: Catalogue) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|(l, c, _)| *l == lang && *c == catalogue)
            .map(|(_, _, b)| b)
    }

    /// Every message of the page's catalogue in `lang`, by id, its variables left as
    /// `{$name}` for the page to fill in.
    pub fn page_strings(&self, lang: Lang) -> serde_json::Map<String, Value> {
        let mut out = serde_json::Map::new();
        let Some(bundle) = self.bundle(lang, Catalogue::Page) else {
            return out;
        };
        for id in ids(lang.catalogue(Catalogue::Page)) {
            if let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) {
                // Unfilled variables are written `{$name}`: the page's own placeholders.
                let mut unfilled = Vec::new();
                let text = bundle.format_pattern(pattern, None, &mut unfilled);
                out.insert(id, Value::String(text.into_owned()));
            }
        }
        out
    }

    /// A preset's name and one-line description in `lang` (`None` where the catalogue has
    /// none: the caller keeps the preset's own English).
    pub fn variant(&self, lang: Lang, id: &str) -> Option<(String, String)> {
        let bundle = self.bundle(lang, Catalogue::Variants)?;
        let text = |key: String| filled(bundle, &key, None);
        Some((
            text(format!("name-{id}"))?,
            text(format!("description-{id}"))?,
        ))
    }

    /// The ids of the messages of `lang`'s problem catalogue.
    #[cfg(test)]
    pub fn ids(&self, lang: Lang) -> Vec<String> {
        ids(lang.catalogue(Catalogue::Problems))
    }

    /// A problem document worded again in `lang`: `detail` from its `code` and facts,
    /// `title` from its kind. `None` when it is not a problem or a message is missing.
    pub fn localize_problem(&self, lang: Lang, body: &[u8]) -> Option<Vec<u8>> {
        let Value::Object(mut problem) = serde_json::from_slice(body).ok()? else {
            return None;
        };
        let code = problem.get("code")?.as_str()?.to_string();
        let kind = problem
            .get("type")?
            .as_str()?
            .rsplit('/')
            .next()?
            .to_string();
        if let Some(detail) = self.message(lang, &code, &problem) {
            problem.insert("detail".into(), Value::String(detail));
        }
        if let Some(title) = self.message(lang, &format!("title-{kind}"), &problem) {
            problem.insert("title".into(), Value::String(title));
        }
        serde_json::to_vec(&problem).ok()
    }
}

/// The message `id` of `bundle` with `args` filled in; `None` when there is no such message,
/// a variable is missing or a selector fails.
fn filled(
    bundle: &FluentBundle<FluentResource>,
    id: &str,
    args: Option<&FluentArgs>,
) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The ids of a catalogue's messages (each starts a line: `id = …`).
fn ids(source: &str) -> Vec<String> {
    source
        .lines()
        .filter(|l| !l.starts_with([' ', '#', '-']) && !l.trim().is_empty())
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
        .collect()
}

/// Middleware: problems in the request's language, with `Content-Language` and
/// `Vary: Accept-Language`.
pub async fn localize(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let lang = Lang::of(req.request());
    let response = next.call(req).await?.map_into_boxed_body();
    let is_problem = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/problem+json"));
    let Some(catalogues) = Catalogues::get().filter(|_| is_problem) else {
        return Ok(response);
    };
    let (request, response) = response.into_parts();
    let (mut head, body) = response.into_parts();
    let bytes: Bytes = to_bytes(body).await.unwrap_or_default();
    let body = catalogues
        .localize_problem(lang, &bytes)
        .map_or(bytes, Bytes::from);
    lang.mark(head.headers_mut());
    head.headers_mut()
        .remove(actix_web::http::header::CONTENT_LENGTH);
    let response = head.set_body(body).map_into_boxed_body();
    Ok(ServiceResponse::new(request, response))
}

#[cfg(test)]
mod tests {
    use super::{Catalogues, Lang};
    use crate::api::problem::error::{problem_codes, ApiError, ProblemKind, Refusal};
    use crate::rules::explain::WhyNot;
    use crate::rules::{Choices, Color, Outcome, Reason};

    #[test]
    fn every_code_has_a_message_in_every_language_and_every_message_is_used() {
        let catalogues = Catalogues::load().expect("the catalogues parse");
        let titles: Vec<String> = ProblemKind::ALL
            .iter()
            .map(|k| format!("title-{}", k.slug()))
            .collect();
        let mut reasons: Vec<String> = WhyNot::examples().iter().map(WhyNot::code).collect();
        reasons.extend(Refusal::examples().iter().map(Refusal::code));
        // Kinds whose detail the catalogues word from facts, not only their title.
        reasons.push(ProblemKind::GameOver.name());
        for lang in Lang::ALL {
            let ids = catalogues.ids(lang);
            for code in reasons.iter().chain(&titles) {
                assert!(ids.contains(code), "{}: no message {code}", lang.tag());
            }
            for id in &ids {
                assert!(
                    reasons.contains(id) || titles.contains(id),
                    "{}: {id} is in the catalogue but no code uses it",
                    lang.tag()
                );
            }
        }
        let mut unique = reasons.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), reasons.len(), "codes are unique");
        assert!(problem_codes().iter().all(|c| !c.is_empty()));
    }

    /// Each message is filled by its code's facts alone (a variable the code lacks is an
    /// error), and the English catalogue says what the rules' own English says.
    #[test]
    fn messages_take_their_codes_facts_and_english_matches_the_rules() {
        let catalogues = Catalogues::load().expect("the catalogues parse");
        for why in WhyNot::examples() {
            let facts = match serde_json::to_value(&why) {
                Ok(serde_json::Value::Object(map)) => map,
                other => panic!("{other:?}"),
            };
            for lang in Lang::ALL {
                let text = catalogues.message(lang, &why.code(), &facts);
                assert!(text.is_some(), "{} {}: not filled", lang.tag(), why.code());
            }
            assert_eq!(
                catalogues.message(Lang::English, &why.code(), &facts),
                Some(why.to_string()),
                "{}",
                why.code()
            );
        }
        // Refusals: filled in every language, and in English what the handler says.
        for refusal in Refusal::examples() {
            let problem = ApiError::refusal(None, &refusal).0;
            // The facts as the client gets them (some have fields of their own).
            let facts = match serde_json::to_value(&problem) {
                Ok(serde_json::Value::Object(map)) => map,
                other => panic!("{other:?}"),
            };
            for lang in Lang::ALL {
                let text = catalogues.message(lang, &problem.code, &facts);
                assert!(
                    text.is_some(),
                    "{} {}: not filled",
                    lang.tag(),
                    problem.code
                );
            }
            let english = catalogues.message(Lang::English, &problem.code, &facts);
            assert_eq!(english.as_deref(), Some(problem.detail.as_str()));
        }
        // A move after the end: the English catalogue says what the handler says.
        for outcome in [
            Outcome::Win {
                winner: Color::Black,
                reason: Reason::NoPieces,
            },
            Outcome::Draw {
                reason: Reason::ThreefoldRepetition,
            },
        ] {
            let problem = ApiError::game_already_over(&outcome).0;
            for lang in Lang::ALL {
                let text = catalogues.message(lang, &problem.code, &problem.params);
                assert!(text.is_some(), "{} game_over: not filled", lang.tag());
            }
            let english = catalogues.message(Lang::English, &problem.code, &problem.params);
            assert_eq!(english.as_deref(), Some(problem.detail.as_str()));
        }
        for kind in ProblemKind::ALL {
            let title = catalogues.message(
                Lang::English,
                &format!("title-{}", kind.slug()),
                &serde_json::Map::new(),
            );
            assert_eq!(title.as_deref(), Some(kind.title()));
        }
    }

    #[test]
    fn the_language_is_negotiated() {
        assert_eq!(
            Lang::negotiate("", Some("es-ES,es;q=0.9,en;q=0.8")),
            Lang::Spanish
        );
        assert_eq!(Lang::negotiate("", Some("fr-FR,fr;q=0.9")), Lang::English);
        assert_eq!(Lang::negotiate("lang=es", Some("en")), Lang::Spanish);
        assert_eq!(Lang::negotiate("a=1&lang=en", Some("es")), Lang::English);
        assert_eq!(Lang::negotiate("", None), Lang::English);
        assert_eq!(
            Lang::negotiate("", Some("de;q=0.9, es;q=0.5")),
            Lang::Spanish
        );
    }
}

#[cfg(test)]
mod page_tests {
    use super::{ids, Catalogue, Catalogues, Lang};

    /// Both page catalogues have the same messages with the same variables, and the page's
    /// script and HTML ask for every one of them and for no other.
    #[test]
    fn the_page_catalogues_match_each_other_and_the_page() {
        let catalogues = Catalogues::load().expect("the catalogues parse");
        let (en, es) = (
            catalogues.page_strings(Lang::English),
            catalogues.page_strings(Lang::Spanish),
        );
        let variables = |text: &str| {
            let mut names: Vec<String> = text
                .split("{$")
                .skip(1)
                .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_string()))
                .collect();
            names.sort();
            names
        };
        assert_eq!(
            en.keys().collect::<Vec<_>>(),
            es.keys().collect::<Vec<_>>(),
            "the same ids"
        );
        for (id, text) in &en {
            let spanish = es[id].as_str().unwrap_or_default();
            assert_eq!(
                variables(text.as_str().unwrap_or_default()),
                variables(spanish),
                "{id}"
            );
        }
        // Every reason a game ends for is worded (the status's `reason` codes).
        for lang in Lang::ALL {
            let page_ids = ids(lang.catalogue(Catalogue::Page));
            for reason in <crate::rules::Reason as crate::rules::Choices>::ALL {
                let id = format!("reason-{}", reason.id());
                assert!(page_ids.contains(&id), "{}: no {id}", lang.tag());
            }
        }
        let page = concat!(
            include_str!("../../../web/app.js"),
            include_str!("../../../web/index.html")
        );
        let prefixed = [
            "reason-",
            "counter-",
            "class-",
            "side-",
            "opponent-",
            "piece-",
            "variant-",
        ];
        for id in ids(Lang::English.catalogue(Catalogue::Page)) {
            let used = page.contains(&format!("\"{id}\""))
                || prefixed
                    .iter()
                    .any(|p| id.starts_with(p) && page.contains(&format!("\"{p}")));
            assert!(
                used,
                "{id} is in the catalogue but the page does not ask for it"
            );
        }
        // Calls `t("id"` (not `set("…"` and the like: the byte before `t` is no letter).
        for (at, _) in page.match_indices("t(\"") {
            if at > 0 && page.as_bytes()[at - 1].is_ascii_alphanumeric() {
                continue;
            }
            let rest = &page[at + 3..];
            let id = rest.split_once('"').map_or("", |(id, _)| id);
            // `t("reason-" + id)`: a family of ids, checked by its prefix above.
            if id.ends_with('-') {
                assert!(prefixed.contains(&id), "unknown family {id}");
                continue;
            }
            assert!(
                en.contains_key(id),
                "the page asks for {id} which is missing"
            );
        }
        for asked in page
            .split("data-i18n=\"")
            .skip(1)
            .filter_map(|rest| rest.split_once('"'))
        {
            assert!(
                en.contains_key(asked.0),
                "the page asks for {} which is missing",
                asked.0
            );
        }
    }
}

#[cfg(test)]
mod variant_tests {
    use super::{Catalogues, Lang};
    use crate::rules::PRESETS;

    /// Every preset has its name and description in every language, the English ones the
    /// presets' own.
    #[test]
    fn every_preset_is_named_in_every_language() {
        let catalogues = Catalogues::load().expect("the catalogues parse");
        for preset in PRESETS {
            for lang in Lang::ALL {
                assert!(
                    catalogues.variant(lang, preset.id).is_some(),
                    "{} {}",
                    lang.tag(),
                    preset.id
                );
            }
            assert_eq!(
                catalogues.variant(Lang::English, preset.id),
                Some((preset.name.to_string(), preset.description.to_string()))
            );
        }
    }
}
