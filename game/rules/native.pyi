# What mypy and mypyc see of native.py: the same functions, and mypyc_attr as
# mypy_extensions' own (a type-checking-only dependency; the running engine uses the
# no-op in native.py). Keep the signatures in step with native.py.
from collections.abc import Mapping
from typing import TypeVar

from mypy_extensions import mypyc_attr as mypyc_attr

T = TypeVar("T")

def blank(cls: type[T], *init_args: object) -> T: ...
def compiled_attributes(cls: type) -> tuple[str, ...]: ...
def pickle_by_fields(namespace: Mapping[str, object], module: str) -> tuple[type, ...]: ...
