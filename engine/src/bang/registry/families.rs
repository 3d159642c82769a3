//! The expansions' own families of actions, events and decisions, nested in
//! the base's [`Action`], [`Event`] and [`Decision`] as one variant each.
//! Everything the base does with a nested value (fold it, tell it and cite
//! its rule, hide and redact it, read and write it, answer it as the NPC
//! policy, document it) goes through the methods made here from the
//! registry's list, so that no other file of the base names an expansion's
//! family.

/// Makes the family methods from the registry's list of expansions: each
/// entry is an expansion's hooks, followed by its families where it has
/// them, as `{ Variant: ActionEnum, EventEnum, DecisionEnum }` (the
/// variant's name in the three base enums).
macro_rules! families {
    ([$($expansion:path $({ $family:ident: $action:ty, $event:ty, $decision:ty })?),* $(,)?]) => {
        families! { @nested $($($family: $action, $event, $decision;)?)* }
    };
    (@nested $($family:ident: $action:ty, $event:ty, $decision:ty;)*) => {
        impl $crate::bang::Event {
            /// Folds an expansion's event into the state (a base event,
            /// which the base's fold takes, folds nothing here).
            pub(crate) fn fold_nested(&self, s: &mut $crate::bang::State) {
                match self {
                    $(Self::$family(event) => $crate::bang::ExpansionEvent::fold(event, s),)*
                    _ => {}
                }
            }

            /// An expansion's event told as a sentence (`None` for a base
            /// event and for one that shows nothing).
            pub(crate) fn told_nested(&self, names: &[String]) -> Option<String> {
                match self {
                    $(Self::$family(event) => $crate::bang::ExpansionEvent::told(event, names),)*
                    _ => None,
                }
            }

            /// The table of rules an expansion's event cites from (`None`
            /// for a base event, which cites from the base's).
            pub(crate) fn nested_rules(&self) -> Option<&'static [(&'static str, &'static str)]> {
                match self {
                    $(Self::$family(_) => Some(<$event as $crate::bang::ExpansionEvent>::RULES),)*
                    _ => None,
                }
            }

            /// Whether an expansion's event may hide something from some
            /// viewer (`None` for a base event).
            pub(crate) fn nested_hides(&self) -> Option<bool> {
                match self {
                    $(Self::$family(event) => Some($crate::bang::ExpansionEvent::hides(event)),)*
                    _ => None,
                }
            }

            /// Whether an expansion's event hides the order of a deck
            /// (`false` for a base event).
            pub(crate) fn nested_hides_an_order(&self) -> bool {
                match self {
                    $(Self::$family(event) => $crate::bang::ExpansionEvent::hides_an_order(event),)*
                    _ => false,
                }
            }

            /// An expansion's event as `viewer` may see it (`None` for a
            /// base event).
            pub(crate) fn nested_redacted(&self, viewer: $crate::Viewer) -> Option<Self> {
                match self {
                    $(Self::$family(event) => Some(Self::$family($crate::bang::ExpansionEvent::redacted(event, viewer))),)*
                    _ => None,
                }
            }
        }

        impl $crate::bang::Decision {
            /// The `normal` policy's answer to an expansion's decision
            /// (`None` for a base decision).
            pub(crate) fn nested_npc_answer(
                self,
                cx: &$crate::bang::npc::ctx::Ctx,
            ) -> Option<($crate::bang::Action, $crate::bang::npc::Reason)> {
                match self {
                    $(Self::$family(decision) => Some($crate::bang::npc::ctx::NpcAnswer::npc_answer(decision, cx)),)*
                    _ => None,
                }
            }
        }

        impl $crate::bang::Action {
            /// Every action tag: the base's, then each nested family's.
            pub(crate) const ALL_TAGS: &[&[&str]] = &[Self::BASE_TAGS, $(<$action>::TAGS),*];

            /// An expansion's action written as its own enum writes it (its
            /// own `type` tag); the serializer back for a base action.
            pub(crate) fn serialize_nested<S: serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<Result<S::Ok, S::Error>, S> {
                match self {
                    $(Self::$family(action) => Ok(serde::Serialize::serialize(action, serializer)),)*
                    _ => Err(serializer),
                }
            }

            /// The action whose `type` is `tag`, read by its expansion's own
            /// enum (`None` for a base tag).
            pub(crate) fn deserialize_nested(
                tag: &str,
                value: &serde_json::Value,
            ) -> Option<Result<Self, serde_json::Error>> {
                $(
                    if <$action>::TAGS.contains(&tag) {
                        return Some(<$action as serde::Deserialize>::deserialize(value).map(Self::$family));
                    }
                )*
                None
            }
        }

        /// Each nested decision family's schema name and its decisions'
        /// `kind` tags with their doc lines, for the API document.
        #[cfg(feature = "openapi")]
        pub fn nested_decisions() -> Vec<(std::borrow::Cow<'static, str>, &'static [(&'static str, &'static [&'static str])])> {
            vec![$((<$decision as utoipa::ToSchema>::name(), <$decision>::DOCS)),*]
        }

        /// Each nested event family's table of rules, in order.
        #[cfg(test)]
        pub(crate) fn nested_rule_tables() -> Vec<&'static [(&'static str, &'static str)]> {
            vec![$(<$event as $crate::bang::ExpansionEvent>::RULES),*]
        }

        /// Each nested decision family's decisions' `kind` tags with their
        /// doc lines, in order.
        #[cfg(test)]
        pub(crate) fn nested_decision_docs() -> impl Iterator<Item = &'static (&'static str, &'static [&'static str])> {
            [$(<$decision>::DOCS),*].into_iter().flatten()
        }

        /// Each nested event family's schema name, for the API document.
        #[cfg(feature = "openapi")]
        pub fn nested_events() -> Vec<std::borrow::Cow<'static, str>> {
            vec![$(<$event as utoipa::ToSchema>::name()),*]
        }

        /// Each nested action family's schema, for the API document.
        #[cfg(feature = "openapi")]
        pub fn nested_action_schemas() -> Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>> {
            vec![$(<$action as utoipa::PartialSchema>::schema()),*]
        }
    };
}
pub(crate) use families;
