from os import PathLike
from typing import Any, Mapping, Optional, Sequence, Union

_Puzzle = Union[str, PathLike, Sequence[Any], Mapping[str, Any]]

__all__ = ["Result", "Comparison", "Picture", "Made", "solve", "count", "compare", "generate", "draw", "kinds",
           "InputError", "SolveError"]

__version__: str

class InputError(Exception): ...
class SolveError(Exception): ...

class Result:
    def __init__(self, fields: dict[str, Any]) -> None: ...
    kind: str
    status: str
    formulation: str
    backend: str
    count: int
    complete: bool
    solutions: list[Any]
    stats: dict[str, Any]
    puzzle: str
    url: Optional[str]
    def to_dict(self) -> dict[str, Any]: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def draw(self, solution: Optional[int] = 0) -> Optional[Picture]: ...

class Picture:
    svg: str
    def __init__(self, svg: str) -> None: ...
    def _repr_svg_(self) -> str: ...
    def save(self, path: Union[str, PathLike]) -> None: ...

class Made(dict[str, Any]):
    kind: str
    def __init__(self, fields: dict[str, Any], kind: str) -> None: ...
    def _repr_svg_(self) -> Optional[str]: ...

def draw(
    kind: str,
    puzzle: Optional[_Puzzle] = None,
    solution: Optional[Any] = None,
    *,
    rows: Optional[Sequence[Sequence[int]]] = None,
    cols: Optional[Sequence[Sequence[int]]] = None,
) -> Optional[Picture]: ...
def solve(
    kind: str,
    puzzle: Optional[_Puzzle] = None,
    *,
    rows: Optional[Sequence[Sequence[int]]] = None,
    cols: Optional[Sequence[Sequence[int]]] = None,
    formulation: Optional[str] = None,
    backend: Optional[str] = None,
    count: int = 2,
    solutions: int = 100,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
    rule: Optional[str] = None,
    params: Optional[Mapping[str, Any]] = None,
    certify: Union[bool, str, PathLike] = False,
) -> Result: ...
class Comparison:
    def __init__(self, fields: dict[str, Any]) -> None: ...
    records: list[dict[str, Any]]
    summary: list[dict[str, Any]]
    findings: list[dict[str, Any]]
    input_errors: list[str]

def compare(
    kind: str,
    puzzles: Union[str, PathLike, Sequence[_Puzzle]],
    *,
    formulations: Optional[Sequence[str]] = None,
    backends: Optional[Sequence[str]] = None,
    count: int = 2,
    time_limit: Optional[float] = 60,
    threads: Optional[int] = None,
    jobs: int = 1,
    params: Optional[Mapping[str, Any]] = None,
    certify: bool = False,
) -> Comparison: ...
def count(kind: str, puzzle: Optional[_Puzzle] = None, *, count: int = 1000, **options: Any) -> Result: ...
def generate(
    kind: str,
    *,
    count: int = 1,
    seed: int = 1,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
    **flags: Any,
) -> list[Made]: ...
def kinds() -> list[str]: ...
