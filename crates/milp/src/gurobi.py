# The child masu's Gurobi backend runs (crates/milp/src/gurobi.rs): one task, JSON in argv[1]
# (`Task`), one JSON line out (`Answer`; a pool's points as their nonzero values). Gurobi's
# own console output goes to standard error; SIGINT, blocked by masu's binary and inherited
# so, is unblocked for Gurobi's handler.
import json, os, signal, sys
out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
def say(**fields):
    out.write(json.dumps(fields) + "\n")
    out.flush()
try:
    import gurobipy as gp
except Exception as e:
    say(error=f"cannot import gurobipy: {e}")
    sys.exit(0)
task = json.loads(sys.argv[1])
def setting(m, name, value):
    info = m.getParamInfo(name)
    if info is None:
        return "no such parameter (Gurobi's names: MIPGap, NodeLimit, Presolve)"
    kind = type(info[2])
    try:
        m.setParam(name, value if kind is str else kind(value))
    except (ValueError, TypeError):
        return f"'{value}' is not a value of its type"
    except gp.GurobiError as e:
        return f"Gurobi refuses the value '{value}': {e}"
try:
    if task["do"] == "version":
        say(version=".".join(map(str, gp.gurobi.version())))
    elif task["do"] == "check":
        with gp.Env(params={"OutputFlag": 0}) as env, gp.Model(env=env) as m:
            for name, value in task["parameters"]:
                error = setting(m, name, value)
                if error:
                    say(parameter=name, error=error)
                    break
            else:
                say(checked=True)
    else:
        with gp.Env(params={"OutputFlag": 1 if task["log"] else 0}) as env:
            m = gp.read(task["mps"], env=env)
            if task["time_limit"] is not None:
                m.Params.TimeLimit = task["time_limit"]
            if task["threads"] is not None:
                m.Params.Threads = task["threads"]
            for name, value in task["parameters"]:
                error = setting(m, name, value)
                if error:
                    say(parameter=name, error=error)
                    sys.exit(0)
            if task["pool"] is not None:
                m.Params.PoolSearchMode = 2
                m.Params.PoolSolutions = task["pool"]
            m.optimize()
            if m.Status == gp.GRB.INF_OR_UNBD:
                m.Params.DualReductions = 0
                m.optimize()
            if task["pool"] is None:
                say(status=m.Status, x={v.VarName: v.X for v in m.getVars()} if m.SolCount > 0 else None)
            else:
                xs = m.getVars()
                points = []
                for k in range(m.SolCount):
                    m.Params.SolutionNumber = k
                    points.append([[i, x] for i, x in enumerate(m.getAttr("Xn", xs)) if x != 0])
                say(status=m.Status, names=[v.VarName for v in xs], points=points)
except gp.GurobiError as e:
    say(error=str(e), errno=e.errno)
