#!/usr/bin/env python3
"""What each part of a wasm bundle costs: code bytes per crate and per
rscope module, from the function names of the wasm that cargo writes
before wasm-bindgen and wasm-opt (which keeps its name section).

    python3 scripts/bundle-costs.py [WASM] [--depth N] [--top N]
    python3 scripts/bundle-costs.py [WASM] --features

--features sums the groups by the page's features instead (FEATURES: the
rscope modules and the crates each one alone uses) and prints the
README's Markdown table; what no feature claims is the shared part
(yew, std's collections and sorting, serde, the JSON reader…).

WASM defaults to the page's (target/wasm32-unknown-unknown/release/
rscope.wasm, left by scripts/build.sh); the element's is under
target/wasm-embed/. Sizes are of function bodies before wasm-opt, which
shrinks them all by about the same part, so the shares hold; generic
functions are counted under the crate that defines them. twiggy would
say the same with call-graph detail, but is not installed here.
"""
import argparse
import collections
import re
import sys

DEFAULT = 'target/wasm32-unknown-unknown/release/rscope_web.wasm'

# The page's features, each with the module prefixes that serve it alone
# (first match wins, so a more specific prefix comes first).
FEATURES = [
    ('History: eventlogs and the timeline', ['rscope_core::formats::eventlog', 'rscope_core::formats::resource::eventlog',
                                             'rscope_core::formats::resource::changes', 'rscope_web::components::timeline',
                                             'rscope_web::components::events', 'rscope_web::hooks::use_timeline']),
    ('Jobs on the grid', ['rscope_core::formats::jobs', 'rscope_core::ops::system::jobs', 'rscope_core::ops::system::displace',
                          'rscope_core::view::grid::jobs', 'rscope_core::view::analysis::job_table',
                          'rscope_web::components::job_table']),
    ('YAML (shapes and jobspecs written in YAML)', ['unsafe_libyaml_norway', 'serde_norway']),
    ('Shapes: expand, reverse, fit', ['rscope_core::formats::shape', 'rscope_core::ops::fit',
                                      'rscope_web::components::shape', 'rscope_web::shape_worker',
                                      'rscope_web::api::shape', 'rscope_core::view::embed::shape_fit']),
    ('Resource graph (JGF): tree and picture', ['rscope_core::formats::jgf', 'rscope_core::view::outline',
                                                'rscope_web::components::picture', 'rscope_web::components::tree',
                                                'rscope_web::api::graph', 'rscope_core::ops::prune']),
    ('Set operations and verify', ['rscope_core::ops::setops', 'rscope_web::components::setops',
                                   'rscope_web::setops_worker', 'rscope_web::api::sets',
                                   'rscope_web::components::compare']),
    ('flux resource payloads and their text', ['rscope_core::formats::resource', 'rscope_core::formats::output_format',
                                              'rscope_web::components::resource_text', 'rscope_web::components::drains',
                                              'rscope_web::api::resource']),
    ('Constraints (both readings)', ['rscope_core::formats::constraint', 'rscope_web::components::constraint_field']),
    ('CLI commands the page also runs', ['rscope_core::ops::commands', 'rscope_web::components::command_menu',
                                         'rscope_core::view::command_menu']),
    ('Teaching: Explain, playground, tours, Build an R', ['rscope_core::view::explain', 'rscope_core::teach',
                                                          'rscope_web::components::explain', 'rscope_web::components::playground',
                                                          'rscope_web::components::tour', 'rscope_web::components::system_tour',
                                                          'rscope_web::components::build_r', 'rscope_web::components::landing',
                                                          'rscope_web::api::teach']),
    ('Configuration (TOML) and queues', ['toml', 'toml_parser', 'toml_datetime', 'toml_writer', 'serde_spanned', 'winnow', 'rscope_core::ops::system::config',
                                         'rscope_core::formats::config', 'rscope_web::components::queue_config',
                                         'rscope_web::components::queue', 'rscope_web::components::system_read']),
    ('hwloc XML', ['roxmltree', 'rscope_core::formats::hwloc', 'rscope_web::components::hwloc', 'rscope_web::api::hwloc']),
    ('Grid, colours and exports (PNG, SVG)', ['rscope_core::view::grid', 'rscope_core::view::color', 'miniz_oxide', 'png',
                                              'rscope_web::components::grid', 'rscope_web::canvas']),
    ('R: read, check, report, summary', ['rscope_core::formats::rset', 'rscope_core::view::report',
                                         'rscope_core::view::analysis', 'rscope_web::components::summary',
                                         'rscope_web::components::diagnostics', 'rscope_web::analysis_worker',
                                         'rscope_web::api::r']),
]



def leb(data, i):
    """An unsigned LEB128 number at i, and the index after it."""
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, i


def skip_limits(data, j):
    """The index after a table's or memory's limits at j."""
    flags, j = leb(data, j)
    _, j = leb(data, j)
    if flags & 1:
        _, j = leb(data, j)
    return j


def skip_import(data, j):
    """The index after one import entry's description at j."""
    kind = data[j]
    j += 1
    if kind == 0:  # function: a type index
        _, j = leb(data, j)
    elif kind == 1:  # table: element type, limits
        j = skip_limits(data, j + 1)
    elif kind == 2:  # memory: limits
        j = skip_limits(data, j)
    elif kind == 3:  # global: value type, mutability
        j += 2
    return kind, j


def read(path):
    """Function body sizes (in order), imported function count, names by
    index, and the data segments' total size."""
    data = open(path, 'rb').read()
    i, imported, bodies, names, data_bytes = 8, 0, [], {}, 0
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        end = i + size
        if section == 2:
            count, j = leb(data, i)
            for _ in range(count):
                for _ in range(2):  # module and field names
                    n, j = leb(data, j)
                    j += n
                kind, j = skip_import(data, j)
                imported += kind == 0
        elif section == 10:
            count, j = leb(data, i)
            for _ in range(count):
                n, j = leb(data, j)
                bodies.append(n)
                j += n
        elif section == 11:
            data_bytes += size
        elif section == 0:
            n, j = leb(data, i)
            if data[j:j + n] == b'name':
                read_names(data, j + n, end, names)
        i = end
    return bodies, imported, names, data_bytes


def read_names(data, j, end, names):
    """The function-name subsection of a name section, into names."""
    while j < end:
        sub = data[j]
        size, j = leb(data, j + 1)
        after = j + size
        if sub == 1:
            count, j = leb(data, j)
            for _ in range(count):
                index, j = leb(data, j)
                n, j = leb(data, j)
                names[index] = data[j:j + n].decode('utf8', 'replace')
                j += n
        j = after


ESCAPES = {'$LT$': '<', '$GT$': '>', '$u20$': ' ', '$u7b$': '{', '$u7d$': '}',
           '$RF$': '&', '$BP$': '*', '$C$': ',', '$u27$': "'", '$SP$': '@',
           '$LP$': '(', '$RP$': ')', '..': '::'}


def demangle_v0(name):
    """The crate and the identifiers after it of a v0-mangled symbol
    (`_RNvNtCs…_4core3num…`), roughly: enough to group it."""
    m = re.search(r'C[sy][0-9a-zA-Z]*_(\d+)', name)
    if not m:
        return name
    parts, i = [], m.start(1)
    while True:
        d = re.match(r'(\d+)_?', name[i:])
        if not d:
            break
        n = int(d.group(1))
        start = i + d.end()
        parts.append(name[start:start + n])
        i = start + n
        skip = re.match(r'[A-Za-z]*?(?=\d)', name[i:])
        if not skip or len(skip.group(0)) > 2:
            break
        i += skip.end()
    return '::'.join(parts)


def demangle(name):
    """A Rust symbol (`_ZN6rscope4json5parse17h…E`, or v0's `_R…`) as a
    path; other names as they are."""
    if name.startswith('_R'):
        return demangle_v0(name)
    if not name.startswith('_ZN'):
        return name
    parts, i = [], 3
    while i < len(name) and name[i].isdigit():
        j = i
        while name[j].isdigit():
            j += 1
        n = int(name[i:j])
        part = name[j:j + n]
        if part.startswith('_$'):
            part = part[1:]
        for k, v in ESCAPES.items():
            part = part.replace(k, v)
        parts.append(part)
        i = j + n
    return '::'.join(parts)


def group(name, depth):
    """`rscope::setops::job::run::h0123…` → `rscope::setops` at depth 2; a
    trait method counts under the type it is implemented for."""
    name = demangle(name)
    if name.startswith('<'):
        name = re.split(r' as |>', name[1:], maxsplit=1)[0].lstrip('&*')
        name = re.sub(r'^(dyn |mut |\[)', '', name)
    while '<' in name:
        stripped = re.sub(r'<[^<>]*>', '', name)
        if stripped == name:
            break
        name = stripped
    parts = [p for p in name.split('::') if p and not re.fullmatch(r'h[0-9a-f]{16}', p)]
    return '::'.join(parts[:depth]) or '(unnamed)'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('wasm', nargs='?', default=DEFAULT)
    ap.add_argument('--depth', type=int, default=2, help='path segments a group keeps (1: crates)')
    ap.add_argument('--top', type=int, default=40)
    ap.add_argument('--features', action='store_true', help="the README's table of the page's features")
    args = ap.parse_args()
    bodies, imported, names, data_bytes = read(args.wasm)
    if not names:
        sys.exit(f'{args.wasm}: no name section (build with scripts/build.sh first)')
    costs = collections.Counter()
    for k, size in enumerate(bodies):
        name = names.get(imported + k, '')
        costs[demangle(name) if args.features else group(name, args.depth)] += size
    code = sum(bodies)
    if args.features:
        print_features(costs, code)
        return
    print(f'{args.wasm}: {code} bytes of code in {len(bodies)} functions, {data_bytes} bytes of data')
    for key, size in costs.most_common(args.top):
        print(f'{size:>9} {100 * size / code:5.1f}%  {key}')


def feature_of(function):
    """The FEATURES entry a function serves alone, or None (shared): its
    own path's, else that of the first path named in its generic
    parameters (`core::slice::sort::…<rscope_core::formats::jgf::…>` is
    the graph's sorting)."""
    for path in re.findall(r'[a-z_][a-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+', function):
        for name, prefixes in FEATURES:
            if any(path == p or path.startswith(p + '::') for p in prefixes):
                return name
    return None


def print_features(costs, code):
    """The Markdown table of code bytes per feature, largest first."""
    per = collections.Counter()
    for key, size in costs.items():
        per[feature_of(key) or 'Shared: yew, std collections and sorting, serde, JSON, ids and host lists'] += size
    print('| Feature | Code bytes before wasm-opt | Share |')
    print('|---|---:|---:|')
    for name, size in per.most_common():
        print(f'| {name} | {size:,} | {100 * size / code:.1f}% |'.replace(f'{size:,}', f'{size:,}'.replace(',', '\u202f')))


if __name__ == '__main__':
    main()
