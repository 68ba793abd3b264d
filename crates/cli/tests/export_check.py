"""Solves a model that `masu solve --export` wrote, with another tool, and prints its
variables' values by name as JSON: `{"status": ..., "values": {name: value}}`.

    export_check.py pb FILE    OR-Tools' Python CpSolver on the CpModelProto
    export_check.py mps FILE   highspy (HiGHS's Python API) reading the MPS
    export_check.py cnf FILE   PySAT's CaDiCaL on the DIMACS (names are the variables' numbers)

Used by crates/cli/tests/export.rs, with the packages it installs into target/."""
import json
import sys

kind, path = sys.argv[1], sys.argv[2]
if kind == "pb":
    from google.protobuf import text_format
    from ortools.sat import cp_model_pb2
    from ortools.sat.python import cp_model

    proto = cp_model_pb2.CpModelProto()
    with open(path, "rb") as f:
        proto.ParseFromString(f.read())
    model = cp_model.CpModel()
    model.proto.parse_text_format(text_format.MessageToString(proto))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    values = {}
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for i, var in enumerate(proto.variables):
            if var.name:
                values[var.name] = solver.response_proto.solution[i]
    out = {"status": solver.status_name(status), "values": values}
elif kind == "mps":
    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.readModel(path)
    h.run()
    names = h.getLp().col_names_
    values = dict(zip(names, (round(v) for v in h.getSolution().col_value)))
    out = {"status": h.modelStatusToString(h.getModelStatus()), "values": values}
elif kind == "cnf":
    from pysat.formula import CNF
    from pysat.solvers import Solver

    with Solver(name="cadical153", bootstrap_with=CNF(from_file=path).clauses) as s:
        sat = s.solve()
        values = {str(abs(l)): int(l > 0) for l in (s.get_model() or [])} if sat else {}
    out = {"status": "SAT" if sat else "UNSAT", "values": values}
else:
    sys.exit(f"unknown kind {kind}")
print(json.dumps(out))
