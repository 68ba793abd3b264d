//! The subset of OR-Tools 9.15's `cp_model.proto` and `sat_parameters.proto` that masu uses.
//!
//! Field numbers are taken from the descriptors embedded in the 9.15.6755 wheel
//! (`ortools/sat/cp_model_pb2.py`, `sat_parameters_pb2.py`), not from older copies of the
//! `.proto` files. Fields masu never sets are left out: protobuf skips unknown fields on
//! decode, and an absent field is the default on encode. `SatParameters` is proto2, so every
//! field is an `Option` (an explicit `false` or `0` must reach the solver).

#![allow(missing_docs, missing_debug_implementations)]

#[derive(Clone, PartialEq, prost::Message)]
pub struct IntegerVariableProto {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(int64, repeated, tag = "2")]
    pub domain: Vec<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct BoolArgumentProto {
    #[prost(int32, repeated, tag = "1")]
    pub literals: Vec<i32>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct LinearExpressionProto {
    #[prost(int32, repeated, tag = "1")]
    pub vars: Vec<i32>,
    #[prost(int64, repeated, tag = "2")]
    pub coeffs: Vec<i64>,
    #[prost(int64, tag = "3")]
    pub offset: i64,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct LinearArgumentProto {
    #[prost(message, optional, tag = "1")]
    pub target: Option<LinearExpressionProto>,
    #[prost(message, repeated, tag = "2")]
    pub exprs: Vec<LinearExpressionProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct AllDifferentConstraintProto {
    #[prost(message, repeated, tag = "1")]
    pub exprs: Vec<LinearExpressionProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct LinearConstraintProto {
    #[prost(int32, repeated, tag = "1")]
    pub vars: Vec<i32>,
    #[prost(int64, repeated, tag = "2")]
    pub coeffs: Vec<i64>,
    #[prost(int64, repeated, tag = "3")]
    pub domain: Vec<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ElementConstraintProto {
    #[prost(message, optional, tag = "4")]
    pub linear_index: Option<LinearExpressionProto>,
    #[prost(message, optional, tag = "5")]
    pub linear_target: Option<LinearExpressionProto>,
    #[prost(message, repeated, tag = "6")]
    pub exprs: Vec<LinearExpressionProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct CircuitConstraintProto {
    #[prost(int32, repeated, tag = "3")]
    pub tails: Vec<i32>,
    #[prost(int32, repeated, tag = "4")]
    pub heads: Vec<i32>,
    #[prost(int32, repeated, tag = "5")]
    pub literals: Vec<i32>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct TableConstraintProto {
    #[prost(int64, repeated, tag = "2")]
    pub values: Vec<i64>,
    #[prost(bool, tag = "3")]
    pub negated: bool,
    #[prost(message, repeated, tag = "4")]
    pub exprs: Vec<LinearExpressionProto>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct AutomatonConstraintProto {
    #[prost(int64, tag = "2")]
    pub starting_state: i64,
    #[prost(int64, repeated, tag = "3")]
    pub final_states: Vec<i64>,
    #[prost(int64, repeated, tag = "4")]
    pub transition_tail: Vec<i64>,
    #[prost(int64, repeated, tag = "5")]
    pub transition_head: Vec<i64>,
    #[prost(int64, repeated, tag = "6")]
    pub transition_label: Vec<i64>,
    #[prost(message, repeated, tag = "8")]
    pub exprs: Vec<LinearExpressionProto>,
}

#[derive(Clone, PartialEq, prost::Oneof)]
pub enum Constraint {
    #[prost(message, tag = "3")]
    BoolOr(BoolArgumentProto),
    #[prost(message, tag = "4")]
    BoolAnd(BoolArgumentProto),
    #[prost(message, tag = "26")]
    AtMostOne(BoolArgumentProto),
    #[prost(message, tag = "29")]
    ExactlyOne(BoolArgumentProto),
    #[prost(message, tag = "5")]
    BoolXor(BoolArgumentProto),
    #[prost(message, tag = "27")]
    LinMax(Box<LinearArgumentProto>),
    #[prost(message, tag = "12")]
    Linear(Box<LinearConstraintProto>),
    #[prost(message, tag = "13")]
    AllDiff(Box<AllDifferentConstraintProto>),
    #[prost(message, tag = "14")]
    Element(Box<ElementConstraintProto>),
    #[prost(message, tag = "15")]
    Circuit(Box<CircuitConstraintProto>),
    #[prost(message, tag = "16")]
    Table(Box<TableConstraintProto>),
    #[prost(message, tag = "17")]
    Automaton(Box<AutomatonConstraintProto>),
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct ConstraintProto {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(int32, repeated, tag = "2")]
    pub enforcement_literal: Vec<i32>,
    #[prost(oneof = "Constraint", tags = "3, 4, 26, 29, 5, 27, 12, 13, 14, 15, 16, 17")]
    pub constraint: Option<Constraint>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct CpObjectiveProto {
    #[prost(int32, repeated, tag = "1")]
    pub vars: Vec<i32>,
    #[prost(double, tag = "2")]
    pub offset: f64,
    #[prost(double, tag = "3")]
    pub scaling_factor: f64,
    #[prost(int64, repeated, tag = "4")]
    pub coeffs: Vec<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct PartialVariableAssignment {
    #[prost(int32, repeated, tag = "1")]
    pub vars: Vec<i32>,
    #[prost(int64, repeated, tag = "2")]
    pub values: Vec<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct CpModelProto {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, repeated, tag = "2")]
    pub variables: Vec<IntegerVariableProto>,
    #[prost(message, repeated, tag = "3")]
    pub constraints: Vec<ConstraintProto>,
    #[prost(message, optional, tag = "4")]
    pub objective: Option<CpObjectiveProto>,
    #[prost(message, optional, tag = "6")]
    pub solution_hint: Option<PartialVariableAssignment>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, prost::Enumeration)]
#[repr(i32)]
pub enum CpSolverStatus {
    Unknown = 0,
    ModelInvalid = 1,
    Feasible = 2,
    Infeasible = 3,
    Optimal = 4,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct CpSolverSolution {
    #[prost(int64, repeated, tag = "1")]
    pub values: Vec<i64>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct CpSolverResponse {
    #[prost(enumeration = "CpSolverStatus", tag = "1")]
    pub status: i32,
    #[prost(int64, repeated, tag = "2")]
    pub solution: Vec<i64>,
    #[prost(double, tag = "3")]
    pub objective_value: f64,
    #[prost(double, tag = "4")]
    pub best_objective_bound: f64,
    #[prost(int64, tag = "10")]
    pub num_booleans: i64,
    #[prost(int64, tag = "11")]
    pub num_conflicts: i64,
    #[prost(int64, tag = "12")]
    pub num_branches: i64,
    #[prost(double, tag = "15")]
    pub wall_time: f64,
    #[prost(double, tag = "16")]
    pub user_time: f64,
    #[prost(double, tag = "17")]
    pub deterministic_time: f64,
    #[prost(string, tag = "20")]
    pub solution_info: String,
    #[prost(string, tag = "26")]
    pub solve_log: String,
    #[prost(message, repeated, tag = "27")]
    pub additional_solutions: Vec<CpSolverSolution>,
}

#[derive(Clone, PartialEq, prost::Message)]
pub struct SatParameters {
    #[prost(int32, optional, tag = "31")]
    pub random_seed: Option<i32>,
    #[prost(double, optional, tag = "36")]
    pub max_time_in_seconds: Option<f64>,
    #[prost(bool, optional, tag = "41")]
    pub log_search_progress: Option<bool>,
    #[prost(double, optional, tag = "67")]
    pub max_deterministic_time: Option<f64>,
    #[prost(bool, optional, tag = "86")]
    pub cp_model_presolve: Option<bool>,
    #[prost(bool, optional, tag = "87")]
    pub enumerate_all_solutions: Option<bool>,
    #[prost(int32, optional, tag = "90")]
    pub linearization_level: Option<i32>,
    #[prost(bool, optional, tag = "135")]
    pub catch_sigint_signal: Option<bool>,
    #[prost(bool, optional, tag = "163")]
    pub use_sat_inprocessing: Option<bool>,
    #[prost(bool, optional, tag = "173")]
    pub keep_all_feasible_solutions_in_presolve: Option<bool>,
    #[prost(bool, optional, tag = "186")]
    pub log_to_stdout: Option<bool>,
    #[prost(bool, optional, tag = "187")]
    pub log_to_response: Option<bool>,
    #[prost(int32, optional, tag = "193")]
    pub solution_pool_size: Option<i32>,
    #[prost(bool, optional, tag = "194")]
    pub fill_additional_solutions_in_response: Option<bool>,
    #[prost(int32, optional, tag = "206")]
    pub num_workers: Option<i32>,
}
