//! Holds `openapi.json`, the generated OpenAPI document of the HTTP API (issue 3).
