//! The OpenAPI document's links: which answer gives what another operation
//! needs (a new game's id, a webhook's id, a player's key, a legal action
//! ready to post). Written as one table instead of at each route, since a
//! game made by `POST /v1/games` and one made by a fork lead to the same
//! operations. Clients read them as a map of the API; a contract tester
//! follows them to reach what random ids never reach.

use serde_json::{Value, json};
use utoipa::openapi::OpenApi;
use utoipa::openapi::link::Link;

/// A link from `from`'s answer `status` to operation `to`.
#[derive(Clone, Copy)]
struct Edge {
    from: &'static str,
    status: &'static str,
    to: &'static str,
    /// What it is to the reader.
    description: &'static str,
    /// Parameters, named as the target names them (`header.` for a header).
    parameters: &'static [(&'static str, &'static str)],
    /// The request body, with runtime expressions in it, if any.
    body: fn() -> Option<Value>,
}

const NEW_GAME: &str = "$response.body#/game/id";
const SAME_GAME: &str = "$request.path.id";

fn none() -> Option<Value> {
    None
}

/// Where a game just made (created or forked) leads: everything about it.
const FROM_A_NEW_GAME: &[(&str, &str)] = &[
    ("get_game", "The new game"),
    ("legal_actions", "Its legal actions"),
    ("post_action", "Act in it"),
    ("game_events", "Its events"),
    ("game_stream", "Follow its events"),
    ("game_history", "Its history"),
    ("fork_game", "Fork it once finished"),
    ("rematch_game", "Once finished: a rematch"),
    ("audit_game", "Audit it"),
    (
        "game_record",
        "Its record, once finished, to verify offline",
    ),
    ("read_chat", "Its chat"),
    ("post_chat", "Speak at its table"),
    ("leave_game", "An open table: leave it"),
    ("start_game", "An open table: start it"),
    ("reclaim_seat", "Take a seat back from a bot"),
    ("create_game_webhook", "Be told of it by webhook"),
    ("game_webhooks", "Its webhooks"),
];

/// The links besides those of a new game.
const EDGES: &[Edge] = &[
    Edge {
        from: "create_game",
        status: "201",
        to: "join_game",
        description: "An open table: join it (with this answer's `invite`, unless it is public)",
        parameters: &[("id", NEW_GAME)],
        body: none,
    },
    Edge {
        from: "legal_actions",
        status: "200",
        to: "post_action",
        description: "Post the first legal action, at the version it was listed at",
        parameters: &[("id", SAME_GAME)],
        body: || {
            Some(json!({
                "action": "$response.body#/actions/0",
                "expected_version": "$response.body#/version",
            }))
        },
    },
    Edge {
        from: "post_action",
        status: "200",
        to: "legal_actions",
        description: "The legal actions after it",
        parameters: &[("id", SAME_GAME)],
        body: none,
    },
    Edge {
        from: "get_game",
        status: "200",
        to: "legal_actions",
        description: "The caller's legal actions",
        parameters: &[("id", SAME_GAME)],
        body: none,
    },
    Edge {
        from: "join_game",
        status: "200",
        to: "leave_game",
        description: "Leave the seat taken (`Authorization: Bearer` its token)",
        parameters: &[("id", SAME_GAME)],
        body: none,
    },
    Edge {
        from: "join_game",
        status: "200",
        to: "get_game",
        description: "The table joined",
        parameters: &[("id", SAME_GAME)],
        body: none,
    },
    Edge {
        from: "post_chat",
        status: "201",
        to: "read_chat",
        description: "The chat, with the message sent",
        parameters: &[("id", SAME_GAME)],
        body: none,
    },
    Edge {
        from: "create_game_webhook",
        status: "201",
        to: "game_webhook_deliveries",
        description: "Its notifications",
        parameters: &[("id", SAME_GAME), ("webhook_id", "$response.body#/id")],
        body: none,
    },
    Edge {
        from: "create_game_webhook",
        status: "201",
        to: "delete_game_webhook",
        description: "Remove it",
        parameters: &[("id", SAME_GAME), ("webhook_id", "$response.body#/id")],
        body: none,
    },
    Edge {
        from: "create_player_webhook",
        status: "201",
        to: "player_webhook_deliveries",
        description: "Its notifications",
        parameters: &[("webhook_id", "$response.body#/id")],
        body: none,
    },
    Edge {
        from: "create_player_webhook",
        status: "201",
        to: "delete_player_webhook",
        description: "Remove it",
        parameters: &[("webhook_id", "$response.body#/id")],
        body: none,
    },
    Edge {
        from: "create_player",
        status: "201",
        to: "inbox",
        description: "The new player's inbox, with its key",
        parameters: &[("header.Authorization", "Bearer {$response.body#/key}")],
        body: none,
    },
    Edge {
        from: "create_player",
        status: "201",
        to: "create_player_webhook",
        description: "Subscribe to the new player's games, with its key",
        parameters: &[("header.Authorization", "Bearer {$response.body#/key}")],
        body: none,
    },
    Edge {
        from: "create_player",
        status: "201",
        to: "player_webhooks",
        description: "The new player's webhooks, with its key",
        parameters: &[("header.Authorization", "Bearer {$response.body#/key}")],
        body: none,
    },
    Edge {
        from: "create_player",
        status: "201",
        to: "player_profile",
        description: "The new player's profile",
        parameters: &[("id", "$response.body#/id")],
        body: none,
    },
    Edge {
        from: "create_player",
        status: "201",
        to: "player_games",
        description: "The new player's finished games",
        parameters: &[("id", "$response.body#/id")],
        body: none,
    },
];

/// Adds every link to the operations of `api`.
pub(crate) fn add_links(api: &mut OpenApi) {
    let new_game = ["create_game", "fork_game"].into_iter().flat_map(|from| {
        FROM_A_NEW_GAME.iter().map(move |&(to, description)| Edge {
            from,
            status: "201",
            to,
            description,
            parameters: &[("id", NEW_GAME)],
            body: none,
        })
    });
    let edges: Vec<Edge> = new_game.chain(EDGES.iter().copied()).collect();
    for edge in edges {
        let mut link = Link::builder()
            .operation_id(edge.to)
            .description(edge.description);
        for &(name, value) in edge.parameters {
            link = link.parameter(name, value);
        }
        if let Some(body) = (edge.body)() {
            link = link.request_body(Some(body));
        }
        add(api, edge.from, edge.status, edge.to, link.build());
    }
}

/// Sets the link named `name` of operation `from`'s answer `status`.
fn add(api: &mut OpenApi, from: &str, status: &str, name: &str, link: Link) {
    use utoipa::openapi::RefOr;
    for item in api.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ];
        for operation in operations.into_iter().flatten() {
            if operation.operation_id.as_deref() != Some(from) {
                continue;
            }
            if let Some(RefOr::T(response)) = operation.responses.responses.get_mut(status) {
                response
                    .links
                    .insert(name.to_string(), RefOr::T(link.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every link names an operation of the document, from an answer the
    /// source documents, with the path parameters the target needs.
    #[test]
    fn every_link_reaches_an_operation_with_its_path_parameters() {
        let doc = serde_json::to_value(crate::openapi()).expect("the document serializes");
        let mut targets = std::collections::HashMap::new();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for operation in item.as_object().expect("a path item").values() {
                if let Some(id) = operation["operationId"].as_str() {
                    targets.insert(id.to_string(), path.clone());
                }
            }
        }
        let mut links = 0;
        for item in doc["paths"].as_object().expect("paths").values() {
            for operation in item.as_object().expect("a path item").values() {
                let Some(responses) = operation["responses"].as_object() else {
                    continue;
                };
                for response in responses.values() {
                    let Some(found) = response["links"].as_object() else {
                        continue;
                    };
                    for (name, link) in found {
                        links += 1;
                        let to = link["operationId"].as_str().expect("an operation id");
                        let path = targets
                            .get(to)
                            .unwrap_or_else(|| panic!("link {name}: no operation {to}"));
                        for segment in path.split('/').filter(|s| s.starts_with('{')) {
                            let param = segment.trim_matches(['{', '}']);
                            assert!(
                                link["parameters"][param].is_string(),
                                "link {name} to {to} gives no `{param}`"
                            );
                        }
                    }
                }
            }
        }
        assert!(links >= 40, "{links} links");
    }
}
