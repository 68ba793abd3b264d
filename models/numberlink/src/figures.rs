//! Numberlink's engine figures: what its engines report beyond the nodes and SAT solves every
//! engine has, each under its own name in `stats.engine` (left out where no engine set it).

use masu_core::Figure;

/// Nodes of the search for canonical solutions alone (`frontier`, blanks rule).
pub const CANONICAL_NODES: Figure = Figure::work("canonical_nodes");
/// Links decided (`links`).
pub const LINK_DECISIONS: Figure = Figure::work("link_decisions");
/// Clauses the connectivity propagator added inside CaDiCaL's search (`native`).
pub const CONNECTIVITY_CLAUSES: Figure = Figure::work("connectivity_clauses");
/// Links that propagator forced, with a reason given lazily (`native`, `--param
/// bridges=true`).
pub const FORCED_LINKS: Figure = Figure::work("forced_links");
/// Cells the exact count swept (`frontier`).
pub const CELLS_SWEPT: Figure = Figure::found("cells_swept");
/// States in the exact count's widest layer.
pub const WIDEST_LAYER: Figure = Figure::found("widest_layer");
/// Solutions the exact count found without U-turns (blanks rule: the canonical ones).
pub const COUNTED_WITHOUT_U_TURNS: Figure = Figure::found("counted_without_u_turns");
/// Solutions the exact count found in full.
pub const COUNTED: Figure = Figure::found("counted");
/// The exact count's layers outgrew the memory it had.
pub const COUNT_TOO_LARGE: Figure = Figure::flag("count_too_large");
/// Settled under the blanks rule first (`auto` on a fill-rule board: every solution of the
/// fill rule is one of the blanks rule).
pub const SETTLED_UNDER_BLANKS_RULE: Figure = Figure::flag("settled_under_blanks_rule");
