//! Standard output that ends quietly when its reader goes away (`masu ... | head`), as `cat`
//! and `grep` do, instead of panicking on a closed pipe.

use std::fmt;
use std::io::{ErrorKind, Write};

/// Writes `args` to stdout; a closed pipe ends the process quietly with status 0, any other
/// write error with a message and status 1.
pub(crate) fn write(args: fmt::Arguments<'_>) {
    let result = std::io::stdout().lock().write_fmt(args);
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            std::process::exit(1);
        }
    }
}

/// `print!` to [`write`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::write(format_args!($($arg)*)) };
}

/// `println!` to [`write`].
macro_rules! outln {
    () => { $crate::out::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::write(format_args!("{}\n", format_args!($($arg)*))) };
}

pub(crate) use {out, outln};
