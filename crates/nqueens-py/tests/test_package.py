"""The package as shipped: type stubs that cover the module, py.typed, and documentation whose
examples run."""

import ast
import doctest
import inspect
import pathlib

import pytest

import nqueens

PACKAGE = pathlib.Path(nqueens.__file__).parent
# The names the package offers (the extension module itself, nqueens.nqueens, is how maturin
# lays out the package, not part of the API).
PUBLIC = sorted(
    name
    for name in dir(nqueens)
    if not name.startswith("_") and not inspect.ismodule(getattr(nqueens, name))
)


def test_the_installed_package_is_tested():
    assert PACKAGE.parent.name == "site-packages", PACKAGE


def test_stubs_and_marker_are_shipped():
    assert (PACKAGE / "py.typed").exists()
    assert (PACKAGE / "__init__.pyi").stat().st_size > 0


def stubbed():
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
            }
    return names, members


def test_stubs_cover_every_public_name():
    names, members = stubbed()
    assert set(PUBLIC) <= names, set(PUBLIC) - names
    # The typing aliases of the stubs alone, the version and the list of names.
    assert names - set(PUBLIC) == {"_Method", "_Device", "__version__", "__all__"}
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    listed = next(
        ast.literal_eval(n.value)
        for n in tree.body
        if isinstance(n, ast.Assign) and n.targets[0].id == "__all__"
    )
    assert sorted(listed) == sorted(nqueens.__all__)
    for cls, declared in members.items():
        # An exception's members are mostly BaseException's.
        if issubclass(getattr(nqueens, cls), BaseException):
            continue
        actual = {m for m in dir(getattr(nqueens, cls)) if not m.startswith("_")}
        assert actual <= declared, (cls, actual - declared)


def stub_signatures():
    """Every stubbed function, constructor and method (dunder methods aside) as its path from
    the package and its parameters: (name, keyword-only or not, default as the stub writes it)."""
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())

    def params(f):
        a = f.args
        plain = a.posonlyargs + a.args
        defaults = [None] * (len(plain) - len(a.defaults)) + a.defaults
        out = [(p.arg, False, d) for p, d in zip(plain, defaults)]
        out += [(p.arg, True, d) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
        return [(name, kw, d and ast.unparse(d)) for name, kw, d in out if name not in ("self", "cls")]

    seen = set()
    for node in tree.body:
        # Of overloads, the first spells every default; the others narrow a parameter's type.
        if isinstance(node, ast.FunctionDef) and node.name not in seen:
            seen.add(node.name)
            yield pytest.param((node.name,), params(node), id=node.name)
        elif isinstance(node, ast.ClassDef):
            for f in node.body:
                if not isinstance(f, ast.FunctionDef) or f.decorator_list:
                    continue
                if f.name == "__new__" or not f.name.startswith("__"):
                    path = (node.name,) if f.name == "__new__" else (node.name, f.name)
                    yield pytest.param(path, params(f), id=f"{node.name}.{f.name}")


@pytest.mark.parametrize("path,stubbed", list(stub_signatures()))
def test_signatures_and_stubs_agree_on_defaults(path, stubbed):
    obj = nqueens
    for name in path:
        obj = getattr(obj, name)
    actual = [
        (p.name, p.kind is p.KEYWORD_ONLY, None if p.default is p.empty else repr(p.default))
        for p in inspect.signature(obj).parameters.values()
        if p.name not in ("self", "cls")
    ]
    # A stub may leave a default unspelt ("...", for sys.maxsize); it must still have one.
    stubbed = [
        (name, kw, theirs if d == "..." and theirs is not None else d)
        for (name, kw, d), (_, _, theirs) in zip(stubbed, actual)
    ]
    assert actual == stubbed


def test_every_public_item_is_documented():
    for name in PUBLIC:
        obj = getattr(nqueens, name)
        if inspect.isroutine(obj) or inspect.isclass(obj):
            assert obj.__doc__ and len(obj.__doc__) > 40, name


def examples():
    parser = doctest.DocTestParser()
    for name in PUBLIC + ["__doc__"]:
        obj = nqueens if name == "__doc__" else getattr(nqueens, name)
        if not (inspect.isroutine(obj) or inspect.isclass(obj) or name == "__doc__"):
            continue  # a constant's __doc__ is its type's
        docs = [(name, getattr(obj, "__doc__", None))]
        if inspect.isclass(obj):
            docs += [(f"{name}.{m}", getattr(obj, m).__doc__) for m in vars(obj) if not m.startswith("_")]
        for where, doc in docs:
            if isinstance(doc, str) and ">>>" in doc:
                yield pytest.param(parser.get_doctest(doc, {"nqueens": nqueens}, where, None, 0), id=where)


@pytest.mark.parametrize("test", list(examples()))
def test_documented_examples_run(test):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_there_are_documented_examples():
    assert len(list(examples())) >= 12
