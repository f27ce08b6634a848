//! The `needs:` graph of a stack's releases: finding a cycle (to name it
//! whole), grouping releases in levels (what can be applied together), and
//! the closure of a subset. Plain functions over names, so the order they give
//! depends on nothing but the file: names are visited sorted.

use std::collections::{BTreeMap, BTreeSet};

/// Release name → the names it needs, every need a key of the map.
pub(super) type Graph<'a> = BTreeMap<&'a str, BTreeSet<&'a str>>;

/// A cycle of `graph` as the path that closes it (`[a, b, c, a]`), the first
/// one a depth-first search over sorted names meets; `None` if there is none.
pub(super) fn find_cycle(graph: &Graph<'_>) -> Option<Vec<String>> {
    fn visit<'a>(
        node: &'a str,
        graph: &Graph<'a>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| *n == node) {
            let mut cycle: Vec<String> = path[start..].iter().map(|n| n.to_string()).collect();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node);
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// The releases in levels: a release's level is one more than the highest of
/// what it needs (0 when it needs nothing), so every release of a level needs
/// only releases of earlier ones. Names sorted within a level. Releases on a
/// cycle (only a stack built by hand can have one) come last, in one level.
pub(super) fn levels<'a>(graph: &Graph<'a>) -> Vec<Vec<&'a str>> {
    let mut placed: BTreeSet<&'a str> = BTreeSet::new();
    let mut levels: Vec<Vec<&'a str>> = Vec::new();
    while placed.len() < graph.len() {
        // Keys are visited sorted, so each level comes in name order.
        let level: Vec<&'a str> = graph
            .iter()
            .filter(|(node, needs)| !placed.contains(*node) && needs.is_subset(&placed))
            .map(|(node, _)| *node)
            .collect();
        if level.is_empty() {
            levels.push(
                graph
                    .keys()
                    .filter(|n| !placed.contains(*n))
                    .copied()
                    .collect(),
            );
            break;
        }
        placed.extend(&level);
        levels.push(level);
    }
    levels
}

/// `roots` and everything they need, transitively.
pub(super) fn closure<'a>(graph: &Graph<'a>, roots: &[&'a str]) -> BTreeSet<&'a str> {
    let mut taken = BTreeSet::new();
    let mut pending: Vec<&'a str> = roots.to_vec();
    while let Some(node) = pending.pop() {
        if taken.insert(node) {
            pending.extend(graph.get(node).into_iter().flatten().copied());
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph<'a>(edges: &[(&'a str, &[&'a str])]) -> Graph<'a> {
        edges
            .iter()
            .map(|(node, needs)| (*node, needs.iter().copied().collect()))
            .collect()
    }

    #[test]
    fn a_diamond_gives_three_levels() {
        let g = graph(&[("d", &["b", "c"]), ("c", &["a"]), ("b", &["a"]), ("a", &[])]);
        assert_eq!(find_cycle(&g), None);
        assert_eq!(levels(&g), vec![vec!["a"], vec!["b", "c"], vec!["d"]]);
    }

    #[test]
    fn a_long_chain_is_placed_by_its_longest_path() {
        // e needs a directly and through b -> c: it comes after c.
        let g = graph(&[
            ("a", &[]),
            ("b", &["a"]),
            ("c", &["b"]),
            ("e", &["a", "c"]),
            ("z", &[]),
        ]);
        assert_eq!(
            levels(&g),
            vec![vec!["a", "z"], vec!["b"], vec!["c"], vec!["e"]]
        );
    }

    #[test]
    fn a_cycle_is_named_whole_and_a_self_need_is_one() {
        let g = graph(&[("a", &["c"]), ("b", &["a"]), ("c", &["b"]), ("x", &[])]);
        assert_eq!(find_cycle(&g).unwrap(), ["a", "c", "b", "a"]);
        let g = graph(&[("a", &["a"])]);
        assert_eq!(find_cycle(&g).unwrap(), ["a", "a"]);
    }

    #[test]
    fn levels_end_even_on_a_cycle() {
        let g = graph(&[("a", &["b"]), ("b", &["a"]), ("c", &[])]);
        assert_eq!(levels(&g), vec![vec!["c"], vec!["a", "b"]]);
    }

    #[test]
    fn the_closure_follows_needs_transitively_and_nothing_else() {
        let g = graph(&[("d", &["b", "c"]), ("c", &["a"]), ("b", &["a"]), ("a", &[])]);
        assert_eq!(closure(&g, &["b"]), BTreeSet::from(["a", "b"]));
        assert_eq!(closure(&g, &["d"]).len(), 4);
        assert_eq!(closure(&g, &["a"]), BTreeSet::from(["a"]));
    }
}
