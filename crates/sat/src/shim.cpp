// CaDiCaL's C++ interface as C, for masu-sat: the IPASIR calls it uses, a terminator, and an
// external propagator (IPASIR-UP) whose callbacks go to Rust through a table of function
// pointers. scripts/build-cadical compiles it with CaDiCaL's own source (the `cadical` crate's,
// which Cargo.lock pins) into one shared library, which masu-sat opens at its first solver. No C++ exception crosses into C: what CaDiCaL or `new` throws (running out of
// memory) is caught here, kept, and turns the next solve into a failure (-1) whose message
// `masu_sat_error` reads. CaDiCaL aborts on misuse, which masu-sat's types rule out.

#include "cadical.hpp"

#include <cstddef>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

extern "C" {

// The Rust side: `data` is its state, handed back to every call.
struct masu_callbacks {
  void *data;
  int (*terminate) (void *data);
  void (*assigned) (void *data, int lit, int fixed);
  void (*new_level) (void *data);
  void (*backtrack) (void *data, size_t level);
  int (*check) (void *data, const int *model, size_t len);
  int (*has_clause) (void *data);
  int (*clause_lit) (void *data);
  int (*propagate) (void *data);
  int (*reason_lit) (void *data, int propagated);
};
}

namespace {

struct Bridge : CaDiCaL::Terminator, CaDiCaL::ExternalPropagator {
  masu_callbacks cb;
  explicit Bridge (const masu_callbacks &cb) : cb (cb) {}
  bool terminate () override { return cb.terminate (cb.data) != 0; }
  void notify_assignment (int lit, bool fixed) override {
    cb.assigned (cb.data, lit, fixed ? 1 : 0);
  }
  void notify_new_decision_level () override { cb.new_level (cb.data); }
  void notify_backtrack (size_t level) override { cb.backtrack (cb.data, level); }
  bool cb_check_found_model (const std::vector<int> &model) override {
    return cb.check (cb.data, model.data (), model.size ()) != 0;
  }
  bool cb_has_external_clause () override { return cb.has_clause (cb.data) != 0; }
  int cb_add_external_clause_lit () override { return cb.clause_lit (cb.data); }
  int cb_propagate () override { return cb.propagate (cb.data); }
  int cb_add_reason_clause_lit (int propagated) override {
    return cb.reason_lit (cb.data, propagated);
  }
};

// The bridge is declared first, so it is destroyed after the solver that points to it
// (CaDiCaL's destructor calls no callback).
// The file a proof is written to: CaDiCaL writes to it but leaves it open, so it is closed
// here, after the solver (declared below it) is gone.
struct ProofFile {
  FILE *file = nullptr;
  ~ProofFile () {
    if (file)
      fclose (file);
  }
};

struct Solver {
  std::unique_ptr<Bridge> bridge;
  ProofFile proof;
  CaDiCaL::Solver solver;
  // Whether an exception was caught; what it said, where there was memory to keep it.
  bool failed = false;
  std::string error;
};

// Runs `f` on `s`, keeping that an exception was thrown, and what it said, instead of
// letting it leave.
template <typename F> void guarded (Solver *s, F f) {
  if (s->failed)
    return;
  try {
    f ();
  } catch (const std::exception &e) {
    s->failed = true;
    try {
      s->error = e.what ();
    } catch (...) {
    }
  } catch (...) {
    s->failed = true;
  }
}

} // namespace

extern "C" {

// A new solver, or null when it could not be made (no memory for it: CaDiCaL's constructor
// allocates too).
void *masu_sat_new (const char *config) {
  Solver *s = nullptr;
  try {
    s = new Solver;
  } catch (...) {
    return nullptr;
  }
  guarded (s, [&] { s->solver.configure (config); });
  return s;
}

void masu_sat_delete (void *s) { delete static_cast<Solver *> (s); }

// Connects `cb`: its terminator always, its propagator when `propagate` is nonzero.
void masu_sat_connect (void *s, const masu_callbacks *cb, int propagate) {
  Solver *solver = static_cast<Solver *> (s);
  guarded (solver, [&] {
    solver->bridge.reset (new Bridge (*cb));
    solver->solver.connect_terminator (solver->bridge.get ());
    if (propagate)
      solver->solver.connect_external_propagator (solver->bridge.get ());
  });
}

void masu_sat_observe (void *s, int var) {
  Solver *solver = static_cast<Solver *> (s);
  guarded (solver, [&] { solver->solver.add_observed_var (var); });
}

void masu_sat_add (void *s, int lit) {
  Solver *solver = static_cast<Solver *> (s);
  guarded (solver, [&] { solver->solver.add (lit); });
}

// 10 satisfiable, 20 unsatisfiable, 0 stopped, -1 failed (`masu_sat_error` says why).
int masu_sat_solve (void *s) {
  Solver *solver = static_cast<Solver *> (s);
  int answer = 0;
  guarded (solver, [&] { answer = solver->solver.solve (); });
  return solver->failed ? -1 : answer;
}

// What the exception that failed the solver said (empty when even that could not be kept),
// alive until the solver is deleted.
const char *masu_sat_error (void *s) { return static_cast<Solver *> (s)->error.c_str (); }

// Has everything derived from now on written to `path` as a DRAT proof in text: 1 when the
// file was opened. Only on a fresh solver (CaDiCaL aborts once a clause was added). The file
// is opened here: CaDiCaL's own opening goes on with no file when it fails.
int masu_sat_trace (void *s, const char *path) {
  Solver *solver = static_cast<Solver *> (s);
  if (solver->proof.file)
    return 0;
  solver->proof.file = fopen (path, "w");
  if (!solver->proof.file)
    return 0;
  guarded (solver, [&] {
    solver->solver.set ("binary", 0);
    solver->solver.trace_proof (solver->proof.file, path);
  });
  return solver->failed ? 0 : 1;
}

// Writes out the proof `masu_sat_trace` began, and closes its file.
void masu_sat_close_proof (void *s) {
  Solver *solver = static_cast<Solver *> (s);
  if (!solver->proof.file)
    return;
  guarded (solver, [&] { solver->solver.close_proof_trace (); });
  fclose (solver->proof.file);
  solver->proof.file = nullptr;
}

int masu_sat_val (void *s, int lit) { return static_cast<Solver *> (s)->solver.val (lit); }

// The library's name and version, e.g. "cadical-1.9.5" (a static string).
const char *masu_sat_signature () { return CaDiCaL::Solver::signature (); }
}
