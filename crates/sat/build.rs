//! Compiles `src/shim.cpp`, CaDiCaL's C++ interface as C (with its external propagator),
//! against the header of the CaDiCaL that the `cadical` crate builds.

fn main() {
    println!("cargo:rerun-if-changed=src/shim.cpp");
    println!("cargo:rerun-if-changed=cadical/cadical.hpp");
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .include("cadical")
        .file("src/shim.cpp")
        .opt_level(3)
        .define("NDEBUG", None)
        // masu's own C++, with the compiler's warnings on (the header's none either).
        .warnings(true)
        .extra_warnings(true)
        .compile("masu_cadical_shim");
}
