//! One job pool for every batch: `jobs` threads take items in order and hand each result
//! back to the calling thread as soon as it is done.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `work` on every item on `jobs` threads (1 runs them on a thread of its own beside
/// this one), and gives each result to `take` on this thread as it finishes: in the order
/// they finish, with the item's index. Items not started when `stop` says so are skipped.
pub fn run_jobs<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(usize, &T, R),
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::channel();
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            let (send, next, work) = (send.clone(), &next, &work);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if stop() || send.send((i, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (i, result) in receive {
            take(i, &items[i], result);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_whatever_the_jobs() {
        let items: Vec<u64> = (0..50).collect();
        for jobs in [1, 3, 80] {
            let mut seen = vec![0; items.len()];
            run_jobs(
                &items,
                jobs,
                &|| false,
                |&x| x * 2,
                |i, &x, doubled| {
                    assert_eq!(doubled, 2 * x);
                    seen[i] += 1;
                },
            );
            assert!(seen.iter().all(|&n| n == 1), "{jobs} jobs: {seen:?}");
        }
    }

    #[test]
    fn a_stop_skips_what_has_not_started() {
        let items: Vec<u64> = (0..50).collect();
        let mut done = 0;
        run_jobs(&items, 1, &|| true, |&x| x, |_, _, _| done += 1);
        assert_eq!(done, 0);
    }
}
