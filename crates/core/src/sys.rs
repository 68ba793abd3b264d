//! What the system gives a solve: memory, and stacks for deep native searches.

use crate::Error;

/// The memory this process may still take, in bytes: the system's `MemAvailable`, or less
/// under a cgroup (container) limit; `None` where neither can be read (not Linux). Solves
/// refuse models their backend could not load in it ([`Error::TooLarge`]).
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let system = read("/proc/meminfo").and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
        Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
    });
    let number = |path: &str| read(path)?.trim().parse::<u64>().ok();
    let cgroup = number("/sys/fs/cgroup/memory.max")
        .map(|max| max.saturating_sub(number("/sys/fs/cgroup/memory.current").unwrap_or(0)));
    match (system, cgroup) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Runs `search` on a thread of its own whose stack holds `depth` levels of `frame_bytes`
/// each (plus 1 MiB), for native searches that recurse once per step: a large puzzle then
/// cannot overflow the caller's stack. A stack the system cannot give is
/// [`Error::TooLarge`]; a panic in `search` is resumed on the caller's thread.
pub fn on_sized_stack<T: Send>(
    name: &str,
    depth: usize,
    frame_bytes: usize,
    search: impl FnOnce() -> Result<T, Error> + Send,
) -> Result<T, Error> {
    let stack = depth.saturating_mul(frame_bytes).saturating_add(1 << 20);
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name(name.into())
            .stack_size(stack)
            .spawn_scoped(scope, search)
            .map_err(|e| Error::TooLarge(format!("{name} needs a {} MiB stack: {e}", stack >> 20)))?;
        thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}
