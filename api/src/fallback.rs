//! What the server answers outside its API routes: `GET /` for API clients
//! (where to look; browsers get the web client),
//! and for a request no route takes, 405 with `Allow` when its path exists
//! with other methods, else 404.

use actix_web::dev::ResourceDef;
use actix_web::http::StatusCode;
use actix_web::http::header::{ALLOW, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::json;

use crate::error::ApiError;
use crate::limits::problem;

/// Routes served outside the OpenAPI document, all `GET`.
const OTHER_GET_PATHS: [&str; 7] = [
    "/",
    "/web/{file}",
    "/docs",
    "/docs/{_:.*}",
    "/openapi.json",
    "/metrics",
    "/healthz",
];

/// Every path pattern of the server with the methods it answers.
pub struct MethodTable {
    routes: Vec<(ResourceDef, Vec<&'static str>)>,
}

impl MethodTable {
    /// The table of the API's routes (from its OpenAPI document) and of the
    /// other paths the server answers.
    pub fn new(api: &utoipa::openapi::OpenApi) -> MethodTable {
        let mut routes: Vec<(ResourceDef, Vec<&'static str>)> = Vec::new();
        for (path, item) in &api.paths.paths {
            let methods: Vec<&'static str> = [
                ("GET", item.get.is_some()),
                ("POST", item.post.is_some()),
                ("PUT", item.put.is_some()),
                ("PATCH", item.patch.is_some()),
                ("DELETE", item.delete.is_some()),
            ]
            .into_iter()
            .filter_map(|(m, has)| has.then_some(m))
            .collect();
            routes.push((ResourceDef::new(path.as_str()), methods));
        }
        for path in OTHER_GET_PATHS {
            if !routes.iter().any(|(def, _)| def.pattern() == Some(path)) {
                routes.push((ResourceDef::new(path), vec!["GET"]));
            }
        }
        MethodTable { routes }
    }

    /// The methods `path` answers, if it is a path of the server.
    ///
    /// A path that is itself a route (`/v1/games/import`) answers that
    /// route's methods only, not those of a pattern it also fits
    /// (`/v1/games/{id}`, whose GET would only refuse `import` as an id).
    pub fn allowed(&self, path: &str) -> Option<String> {
        let literal = |def: &ResourceDef| def.pattern() == Some(path);
        let matching: Vec<&(ResourceDef, Vec<&str>)> = self
            .routes
            .iter()
            .filter(|(def, _)| def.is_match(path))
            .collect();
        let exact = matching.iter().any(|(def, _)| literal(def));
        let mut methods: Vec<&str> = matching
            .into_iter()
            .filter(|(def, _)| !exact || literal(def))
            .flat_map(|(_, m)| m.iter().copied())
            .collect();
        if methods.is_empty() {
            return None;
        }
        methods.sort_unstable();
        methods.dedup();
        Some(methods.join(", "))
    }
}

/// The default service: 405 with `Allow` for a known path, else 404.
pub async fn unrouted(req: HttpRequest, table: web::Data<MethodTable>) -> HttpResponse {
    let Some(allow) = table.allowed(req.path()) else {
        return actix_web::ResponseError::error_response(&ApiError::not_found("no such route"));
    };
    let mut resp = problem(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "Method not allowed",
        format!("{} is not allowed here; allowed: {allow}", req.method()),
    );
    if let Ok(value) = HeaderValue::from_str(&allow) {
        resp.headers_mut().insert(ALLOW, value);
    }
    resp
}

/// `GET /`: where the documentation and the document are.
pub async fn root() -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "service": "BANG! game service",
        "api": "v1",
        "docs": "/docs/",
        "openapi": "/openapi.json",
        "health": "/healthz",
        "metrics": "/metrics",
    }))
}

#[cfg(test)]
mod tests {
    use super::MethodTable;

    #[test]
    fn known_paths_list_their_methods() {
        let table = MethodTable::new(&crate::openapi());
        assert_eq!(table.allowed("/v1/games").as_deref(), Some("GET, POST"));
        assert_eq!(
            table
                .allowed("/v1/games/0123456789abcdef/actions")
                .as_deref(),
            Some("GET, POST")
        );
        assert_eq!(table.allowed("/v1/games/abc/fork").as_deref(), Some("POST"));
        assert_eq!(table.allowed("/healthz").as_deref(), Some("GET"));
        assert_eq!(table.allowed("/web/app.js").as_deref(), Some("GET"));
        assert_eq!(table.allowed("/docs/index.html").as_deref(), Some("GET"));
        assert_eq!(table.allowed("/v1/nothing"), None);
        assert_eq!(table.allowed("/v1/games/a/b/c"), None);
    }
}
