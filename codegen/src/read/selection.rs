//! Which types of the input assemblies are bound: the namespace, type and block filters, and
//! the check that each filter selects something (a misspelt filter is an error naming the
//! closest names, never an empty output).

use super::assembly_set::Loaded;
use crate::error::{Error, Result};
use crate::model::TypePath;

/// Which types of the input assemblies are bound.
pub struct Selection<'a> {
    /// The input assemblies.
    pub inputs: &'a [&'static Loaded],
    /// Namespace prefixes (`"Spike"` selects `Spike` and `Spike.Sample`, not `Spiked`);
    /// empty selects every namespace.
    pub namespaces: &'a [String],
    /// Full type names (`System.String`): each selects that type and the types nested in it.
    /// With namespaces too, a type is bound when either selects it; with neither, every type
    /// is.
    pub types: &'a [String],
    /// Namespaces (as prefixes) and full type names left out even when selected: their types
    /// are declared only as a bound type's signatures need them, without members.
    pub blocked: &'a [String],
    /// Full type names of Mono's class library that Rust implements or extends (each also in
    /// `types`, so selected): their inherited interfaces are bound too.
    pub implementable: &'a [String],
}

impl Selection<'_> {
    pub(super) fn selects(&self, path: &TypePath) -> bool {
        if self
            .blocked
            .iter()
            .any(|b| namespace_selects(b, path) || type_selects(b, path))
        {
            return false;
        }
        if self.namespaces.is_empty() && self.types.is_empty() {
            return true;
        }
        self.namespaces.iter().any(|p| namespace_selects(p, path)) || self.types.iter().any(|t| type_selects(t, path))
    }

    /// Every filter must select something: a filter that matches no public type of the inputs
    /// is an error naming the closest namespaces or types (`public` lists the inputs' public
    /// types).
    pub(super) fn check_used(&self, public: &[TypePath]) -> Result<()> {
        for p in self.namespaces {
            if !public.iter().any(|t| namespace_selects(p, t)) {
                let namespaces = public.iter().map(|t| t.namespace.as_str());
                return Err(Error::NothingSelected {
                    kind: "namespace",
                    filter: p.clone(),
                    closest: closest(p, namespaces),
                });
            }
        }
        for n in self.types {
            if !public.iter().any(|t| type_selects(n, t)) {
                let names = public.iter().map(|t| t.metadata_name.as_str());
                return Err(Error::NothingSelected {
                    kind: "type",
                    filter: n.clone(),
                    closest: closest(n, names),
                });
            }
        }
        for b in self.blocked {
            if !public.iter().any(|t| namespace_selects(b, t) || type_selects(b, t)) {
                let names = public
                    .iter()
                    .flat_map(|t| [t.namespace.as_str(), t.metadata_name.as_str()]);
                return Err(Error::NothingSelected {
                    kind: "blocked namespace or type",
                    filter: b.clone(),
                    closest: closest(b, names),
                });
            }
        }
        Ok(())
    }
}

/// `prefix` selects `path`'s namespace: equal, or below it (`Game` selects `Game.Physics`).
fn namespace_selects(prefix: &str, path: &TypePath) -> bool {
    let namespace = &path.namespace;
    namespace == prefix || (namespace.starts_with(prefix) && namespace[prefix.len()..].starts_with('.'))
}

/// The full type name `name` selects `path`: the type itself or a type nested in it.
fn type_selects(name: &str, path: &TypePath) -> bool {
    path.metadata_name == name
        || (path.metadata_name.starts_with(name) && path.metadata_name[name.len()..].starts_with('/'))
}

/// The (at most three) candidates most similar to `wanted` (Jaro-Winkler, at least 0.7).
fn closest<'c>(wanted: &str, candidates: impl Iterator<Item = &'c str>) -> Vec<String> {
    let mut scored: Vec<(f64, &str)> = candidates
        .map(|c| (strsim::jaro_winkler(wanted, c), c))
        .filter(|(score, _)| *score >= 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, c)| c.to_string()).collect()
}
