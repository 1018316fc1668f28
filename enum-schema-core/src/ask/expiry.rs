//! What is kept until it expires, at a bound: the calls a process
//! completed (`completed.rs`) and a `MemoryStore`'s completion marks
//! (`store.rs`) make room by forgetting what expires first.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::Instant;

/// Forgets the entries of `map` that expire first (by `expires`): a
/// hundredth of `max`, at least one, so that a map kept at the bound
/// `max` is scanned once per hundredth, not once per entry added.
pub(crate) fn forget_first_expiring<K: Eq + Hash + Clone, V>(
    map: &mut HashMap<K, V>,
    max: usize,
    expires: impl Fn(&V) -> Instant,
) {
    let forgotten: Vec<K> = {
        let mut by_expiry: Vec<(Instant, &K)> = map
            .iter()
            .map(|(key, value)| (expires(value), key))
            .collect();
        if by_expiry.is_empty() {
            return;
        }
        let forget = (max / 100).clamp(1, by_expiry.len());
        by_expiry.select_nth_unstable_by_key(forget - 1, |(expires, _)| *expires);
        by_expiry[..forget]
            .iter()
            .map(|(_, key)| (*key).clone())
            .collect()
    };
    for key in &forgotten {
        map.remove(key);
    }
}
