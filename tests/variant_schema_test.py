#!/usr/bin/env python3
"""variants/schema.json against the loader: the same files pass both, and both know the same keys.

    variant_schema_test.py TIMUR_BINARY SOURCE_DIR

1. schema.json is a valid JSON Schema (draft 2020-12).
2. Every shipped variant (variants/*.json) and every ```json block of docs/*.md and README.md
   passes the schema, and `timur describe --variant FILE` loads it.
3. Files that break the schema in a few typical ways (a type, an enum, a range, a missing
   required member, an empty region...) are rejected by the loader too.
4. The keys: for every object of the schema that lists its properties, a document that has such
   an object gets an unknown key there. The loader must reject it with "unknown key ... (expected
   one of: K1 K2 ...)", and K1 K2 ... must be the schema's properties (at the root, less
   "inherits", which the loader resolves before it reads the file). The loader's lists are read
   from its own answer rather than from its source, so the check does not depend on how the C++
   is laid out, and a key added to one side only (say a new "xboard" object) fails here until
   the other side has it too. Objects that no document uses are probed by putting a member that
   holds only the unknown key into a document whose parent object exists.

Fails (exit 1) when python3-jsonschema is missing: `make deps` installs it.
"""
import copy
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print(f"FAIL: the jsonschema module is missing for {sys.executable}; "
          "install python3-jsonschema (make deps does)")
    sys.exit(1)

PROBE = "zzzzzzzzzzzzzzzzzzzzzzzzzzzz"  # far from every real key: no "did you mean"
EXPECTED = re.compile(r": (/\S*): unknown key '" + PROBE + r"' \(expected one of: ([^)]*)\)")


def json_blocks(path):
    """(line, text) of every ```json code block in a Markdown file."""
    blocks, inside, start, lines = [], False, 0, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.strip()
            if not inside and stripped == "```json":
                inside, start, lines = True, number + 1, []
            elif inside and stripped.startswith("```"):
                blocks.append((start, "".join(lines)))
                inside = False
            elif inside:
                lines.append(line)
    return blocks


class Checker:
    def __init__(self, timur, source):
        self.timur = timur
        self.source = source
        self.failures = []
        self.tmpdir = tempfile.TemporaryDirectory(prefix="timur-schema-")
        self.tmp = self.tmpdir.name
        self.count = 0
        with open(os.path.join(source, "variants", "schema.json"), encoding="utf-8") as f:
            self.schema = json.load(f)
        self.validator = jsonschema.Draft202012Validator(self.schema)

    def fail(self, what):
        self.failures.append(what)
        print("FAIL:", what)

    def schema_errors(self, doc):
        return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}"
                for e in self.validator.iter_errors(doc)]

    def load(self, doc, path=None):
        """Runs the loader on the file `path`, or on doc written to a file: (ok, message)."""
        if path is None:
            self.count += 1
            path = os.path.join(self.tmp, f"doc{self.count}.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f)
        run = subprocess.run([self.timur, "describe", "--variant", path], capture_output=True,
                             text=True, timeout=60)
        return run.returncode == 0, run.stderr.strip()

    # ---- the documents -------------------------------------------------------------------
    def documents(self):
        docs = []
        for path in sorted(glob.glob(os.path.join(self.source, "variants", "*.json"))):
            if os.path.basename(path) == "schema.json":
                continue
            with open(path, encoding="utf-8") as f:
                docs.append((os.path.relpath(path, self.source), f.read(), path))
        markdown = sorted(glob.glob(os.path.join(self.source, "docs", "*.md")))
        markdown.append(os.path.join(self.source, "README.md"))
        for path in markdown:
            for line, text in json_blocks(path):
                docs.append((f"{os.path.relpath(path, self.source)}:{line}", text, None))
        return docs

    def check_documents(self):
        parsed = []
        for label, text, path in self.documents():
            try:
                doc = json.loads(text)
            except json.JSONDecodeError as e:
                self.fail(f"{label}: not JSON: {e}")
                continue
            errors = self.schema_errors(doc)
            if errors:
                self.fail(f"{label}: the schema rejects it: {errors[0]}")
            ok, message = self.load(doc, path)
            if not ok:
                self.fail(f"{label}: the loader rejects it: {message}")
            if not errors and ok:
                parsed.append((label, doc))
        print(f"{len(parsed)} documents pass the schema and load")
        return parsed

    # ---- files both must reject ----------------------------------------------------------
    def check_rejections(self, base):
        def edit(change):
            doc = copy.deepcopy(base)
            change(doc)
            return doc

        def drop(key):
            return lambda d: d.pop(key)

        cases = {
            "no name": drop("name"),
            "no pieces": drop("pieces"),
            "board of 17 files": lambda d: d["board"].update(files=17),
            "files as a string": lambda d: d["board"].update(files="8"),
            "an empty piece list": lambda d: d.update(pieces=[]),
            "a two-letter piece letter": lambda d: d["pieces"][0].update(letter="PP"),
            "a piece without betza": lambda d: d["pieces"][0].pop("betza"),
            "an unknown notation": lambda d: d["pieces"][0].update(notation="funny"),
            "an unknown check rule": lambda d: d["rules"].update(checkRule="sometimes"),
            "a negative n-move rule": lambda d: d["rules"].update(nMoveRule=-1),
            "repetition without a count": lambda d: d["rules"].update(repetition={}),
            "an empty region": lambda d: d["pieces"][0].update(confinement=[]),
            "a malformed region item": lambda d: d["pieces"][0].update(confinement=["e"]),
            "stalemate as a boolean": lambda d: d["rules"].update(stalemate=True),
            "a placement that neither forks nor immobilises": lambda d: d["rules"].update(
                placement=[{"piece": d["pieces"][0]["letter"], "from": ["*1"],
                            "becomes": d["pieces"][0]["letter"], "fork": False,
                            "immobilise": False}]),
            "an empty inherits": lambda d: d.update(inherits=""),
        }
        for what, change in cases.items():
            doc = edit(change)
            if not self.schema_errors(doc):
                self.fail(f"the schema accepts {what}")
            ok, _ = self.load(doc)
            if ok:
                self.fail(f"the loader accepts {what}")

    # ---- the keys ------------------------------------------------------------------------
    def resolve(self, node, where):
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), ref
            where = ref[1:]
            node = self.schema
            for part in ref[2:].split("/"):
                node = node[part]
        return node, where

    def object_schemas(self, node, where):
        """The object schemas (with listed properties) that a member schema may be."""
        node, where = self.resolve(node, where)
        if not isinstance(node, dict):
            return []
        found = [(node, where)] if "properties" in node else []
        for key in ("oneOf", "anyOf"):
            for i, branch in enumerate(node.get(key, [])):
                found += self.object_schemas(branch, f"{where}/{key}/{i}")
        return found

    def walk(self, node, where, doc, path, label, real, synthetic):
        """Finds every object schema the document instantiates (real) and the object members
        it could have but does not (synthetic probes)."""
        node, where = self.resolve(node, where)
        if not isinstance(node, dict):
            return
        instance = doc
        for part in path:
            instance = instance[part]
        for key in ("oneOf", "anyOf"):
            for i, branch in enumerate(node.get(key, [])):
                if self.matches(branch, instance):
                    self.walk(branch, f"{where}/{key}/{i}", doc, path, label, real, synthetic)
        for i, branch in enumerate(node.get("allOf", [])):
            self.walk(branch, f"{where}/allOf/{i}", doc, path, label, real, synthetic)
        if isinstance(instance, dict) and "properties" in node:
            real.setdefault(where, (node, label, doc, path))
            for key, member in node["properties"].items():
                if key in instance:
                    self.walk(member, f"{where}/properties/{key}", doc, path + [key], label, real,
                              synthetic)
                    continue
                member_node, member_where = self.resolve(member, f"{where}/properties/{key}")
                for obj, obj_where in self.object_schemas(member_node, member_where):
                    synthetic.setdefault(obj_where, (obj, label, doc, path + [key], False))
                items = member_node.get("items") if isinstance(member_node, dict) else None
                if items is not None:
                    for obj, obj_where in self.object_schemas(items, f"{member_where}/items"):
                        synthetic.setdefault(obj_where, (obj, label, doc, path + [key], True))
            extra = node.get("additionalProperties")
            if isinstance(extra, dict):
                for key in instance:
                    if key not in node["properties"]:
                        self.walk(extra, f"{where}/additionalProperties", doc, path + [key],
                                  label, real, synthetic)
        elif isinstance(instance, dict) and isinstance(node.get("additionalProperties"), dict):
            for key in instance:
                self.walk(node["additionalProperties"], f"{where}/additionalProperties", doc,
                          path + [key], label, real, synthetic)
        if isinstance(instance, list) and "items" in node:
            for i in range(len(instance)):
                self.walk(node["items"], f"{where}/items", doc, path + [i], label, real,
                          synthetic)

    def matches(self, branch, instance):
        probe = {"$defs": self.schema["$defs"], **branch}
        return jsonschema.Draft202012Validator(probe).is_valid(instance)

    def check_keys(self, documents):
        real, synthetic = {}, {}
        for label, doc in documents:
            self.walk(self.schema, "", doc, [], label, real, synthetic)
        for where in sorted(set(real) | set(synthetic)):
            if where in real:
                node, label, doc, path = real[where]
                probe = copy.deepcopy(doc)
                target = probe
                for part in path:
                    target = target[part]
                target[PROBE] = 0
                how = f"{label}, at /{'/'.join(map(str, path))}"
            else:
                node, label, doc, path, in_array = synthetic[where]
                probe = copy.deepcopy(doc)
                target = probe
                for part in path[:-1]:
                    target = target[part]
                target[path[-1]] = [{PROBE: 0}] if in_array else {PROBE: 0}
                path = path + [0] if in_array else path
                how = f"{label} with /{'/'.join(map(str, path))} added"
            schema_keys = set(node["properties"])
            if where == "":
                schema_keys.discard("inherits")  # resolved before the loader reads the file
            if node.get("additionalProperties") is not False:
                self.fail(f"schema {where or '/'}: unknown keys are errors in the loader, so "
                          "it needs \"additionalProperties\": false")
            if not self.schema_errors(probe):
                self.fail(f"schema {where or '/'}: accepts an unknown key ({how})")
            ok, message = self.load(probe)
            found = EXPECTED.search(message)
            at = "/" + "/".join(map(str, path))
            pointer = "/".join(map(str, path + [PROBE]))
            if ok or not found or found.group(1).replace("~1", "/").replace("~0", "~") != "/" + pointer:
                self.fail(f"schema {where or '/'}: the loader does not list the keys of {at} "
                          f"when it holds an unknown key ({how}): "
                          f"{'accepted' if ok else message}")
                continue
            loader_keys = set(found.group(2).split())
            if loader_keys != schema_keys:
                only_loader = sorted(loader_keys - schema_keys)
                only_schema = sorted(schema_keys - loader_keys)
                self.fail(f"schema {where or '/'} and the loader at {at} disagree: "
                          f"only the loader knows {only_loader}, only the schema {only_schema}")
            else:
                print(f"keys agree: schema {where or '/'} = loader at {at} "
                      f"({len(schema_keys)} keys)")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    checker = Checker(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]))
    os.environ["TIMUR_VARIANTS"] = os.path.join(checker.source, "variants")
    try:
        jsonschema.Draft202012Validator.check_schema(checker.schema)
    except jsonschema.SchemaError as e:
        checker.fail(f"variants/schema.json is not a valid JSON Schema: {e.message}")
        return 1
    documents = checker.check_documents()
    chess = next((doc for label, doc in documents if label == "variants/chess.json"), None)
    if chess is None:
        checker.fail("variants/chess.json is needed as the base of the rejection cases")
    else:
        checker.check_rejections(chess)
    checker.check_keys(documents)
    if checker.failures:
        print(f"{len(checker.failures)} failure(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
