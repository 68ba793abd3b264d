//! A stable partition of a batch: `--shard K/N` keeps the instances whose id hashes to
//! `K - 1` modulo `N`, so that N machines, each running one shard, run every instance
//! exactly once whatever order their directory listings come in.
//!
//! The hash is FNV-1a (64 bits) of the id's bytes: fixed by its definition, the same on every
//! machine, build and Rust version (which `std`'s hasher does not promise).

use std::fmt;
use std::str::FromStr;

/// Shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1..=count.
    pub index: u64,
    /// How many shards the batch is split into.
    pub count: u64,
}

impl Shard {
    /// Whether the instance with stable id `id` belongs to this shard.
    pub fn contains(self, id: &str) -> bool {
        fnv1a(id.as_bytes()) % self.count == self.index - 1
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

impl FromStr for Shard {
    type Err = masu_core::Invalid;
    fn from_str(s: &str) -> Result<Shard, masu_core::Invalid> {
        let bad = || masu_core::Invalid(format!("'{s}' is not a shard K/N with 1 ≤ K ≤ N (e.g. 2/3)"));
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_every_id_exactly_once() {
        let ids: Vec<String> = (0..1000).map(|i| format!("norvig/top95.txt:{i}")).collect();
        let shards: Vec<Shard> = (1..=3).map(|k| Shard { index: k, count: 3 }).collect();
        for id in &ids {
            assert_eq!(shards.iter().filter(|s| s.contains(id)).count(), 1, "{id}");
        }
        for shard in &shards {
            let n = ids.iter().filter(|id| shard.contains(id)).count();
            assert!((250..=420).contains(&n), "shard {shard} holds {n} of 1000");
        }
    }

    #[test]
    fn the_hash_is_fnv1a() {
        // The published FNV-1a test vectors: "" and "a".
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn a_shard_is_read_and_refused_with_its_text() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        assert!("0/3".parse::<Shard>().unwrap_err().to_string().contains("'0/3'"));
        assert!("4/3".parse::<Shard>().is_err());
        assert!("3".parse::<Shard>().is_err());
        assert!("a/b".parse::<Shard>().is_err());
    }
}
