// CaDiCaL's C++ interface as C, for masu-sat: the IPASIR calls it uses, a terminator, and an
// external propagator (IPASIR-UP) whose callbacks go to Rust through a table of function
// pointers. Compiled against ../cadical/cadical.hpp, linked with the `cadical` crate's
// library. Nothing here throws; CaDiCaL aborts on misuse, which masu-sat's types rule out.

#include "cadical.hpp"

#include <cstddef>
#include <memory>
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
struct Solver {
  std::unique_ptr<Bridge> bridge;
  CaDiCaL::Solver solver;
};

} // namespace

extern "C" {

void *masu_sat_new (const char *config) {
  Solver *s = new Solver;
  s->solver.configure (config);
  return s;
}

void masu_sat_delete (void *s) { delete static_cast<Solver *> (s); }

// Connects `cb`: its terminator always, its propagator when `propagate` is nonzero.
void masu_sat_connect (void *s, const masu_callbacks *cb, int propagate) {
  Solver *solver = static_cast<Solver *> (s);
  solver->bridge.reset (new Bridge (*cb));
  solver->solver.connect_terminator (solver->bridge.get ());
  if (propagate)
    solver->solver.connect_external_propagator (solver->bridge.get ());
}

void masu_sat_observe (void *s, int var) {
  static_cast<Solver *> (s)->solver.add_observed_var (var);
}

void masu_sat_add (void *s, int lit) { static_cast<Solver *> (s)->solver.add (lit); }

int masu_sat_solve (void *s) { return static_cast<Solver *> (s)->solver.solve (); }

int masu_sat_val (void *s, int lit) { return static_cast<Solver *> (s)->solver.val (lit); }
}
