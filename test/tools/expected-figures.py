#!/usr/bin/env python3
"""
Expected figures for test/shared/dstat/fixtures.test.ts, computed WITHOUT the parser.

    python3 test/tools/expected-figures.py                 # the figures the test asserts, every fixture
    python3 test/tools/expected-figures.py d072_tfvnrl.csv # one fixture
    python3 test/tools/expected-figures.py --all FILE      # stats of every series of FILE (to choose some)
    python3 test/tools/expected-figures.py --check         # are these figures the ones in fixtures.test.ts?

Standard library only (the `csv` module reads the fields); no code is shared with shared/dstat/. The rules it
implements are the parser's specification, written down here a second time on purpose
(see test/fixtures/FORMATS.md for the formats):

* A file is a list of header blocks. A block is metadata lines (quoted title `"<prog> <ver> CSV output"`,
  `"Author:"`, `"Host:"`, `"Cmdline:"`/`"Date:"`, blank lines), then a group-name row and a column-name row,
  then data rows up to the next metadata line. Every block is a run; the shown run is the last one. Appended
  blocks have no title: the producer/version of the file's title applies.
* Header width = fields of the column row without trailing empty cells. A data row is kept when it has
  exactly `width` fields after removing a trailing `"missed N ticks"` note and then ONE trailing empty field;
  a row whose every field but the time is empty is kept as a gap (all NaN), whatever its field count; any
  other row is dropped. pcp-dstat with a header narrower than (most of) its rows: the first `width` fields
  of every row are read. pcp-dstat rows with fewer fields than the header that come before its first
  full row are kept (the missing columns empty) when they have a time and every other non-empty cell is a
  number within [low - |low|/2 - 1, high + |high| + 1] of its column, low/high being the column's smallest
  and largest number in the full-width rows among the run's first 64 data rows (text columns: not a number).
  A run in which more than half the data rows share one field count other than the header's (gaps aside)
  is refused; a file whose every run is refused is an error.
* Time: `dd-mm HH:MM:SS` / `Mon-dd HH:MM:SS` with the year of `Date:`, +1 when the month goes backwards;
  `epoch` seconds + the zone offset (numeric zone / UTC, else `Date:` wall clock - first epoch sample,
  rounded to 15 min). Times are printed as ISO strings of that wall clock ("floating" time).
* Series ids `group/column`: the `group:` prefix of a column removed, `total usage` -> `total cpu usage`,
  `buf` -> `buff` (memory usage), pcp's swap group `total` -> `swap`, `#2` for duplicates.
* Units: pcp-dstat memory/swap and dsk/* x1024, paging x4096; dool >= 1.3 dsk/* and net/* /8 unless
  `--bytes` is in Cmdline.
* Stats of a numeric series: cells that are empty or not numbers are left out; the first row is left out
  when it is the since-boot row (the run's first data line was kept); p95 = nearest rank, i.e. sorted
  ascending, element ceil(0.95 n) - 1 (integer arithmetic). avg = sum in row order / n.
* A column is text when its non-empty cells are mostly not numbers; text cells are shown with control
  characters (TABs in --top-io-adv) replaced by one space and trimmed.
"""
import csv
import datetime
import json
import math
import os
import re
import sys
from collections import Counter
from decimal import Decimal

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures')

# The series whose statistics the test asserts, per fixture (ids after normalisation).
CHOSEN = {
    'd066_tvfn.csv': ['cpu0 usage/usr', 'cpu1 usage/idl', 'memory usage/used', 'dsk/vda/writ', 'system/csw'],
    'd069_tfvnrl.csv': ['cpu0 usage/usr', 'memory usage/buff', 'dsk/vda/read', 'io/vda/writ', 'net/eth0/recv', 'load avg/1m'],
    'd070_tfvnrl.csv': ['cpu1 usage/siq', 'memory usage/used', 'dsk/vda/read', 'io/vda/read', 'net/eth0/send', 'system/int'],
    'd072_long_tfvnrl.csv': ['cpu0 usage/idl', 'memory usage/free', 'dsk/vda/writ', 'io/vda/writ', 'net/eth0/recv', 'load avg/15m'],
    'd072_tfvnrl.csv': ['cpu1 usage/usr', 'memory usage/cach', 'dsk/vda/read', 'io/vda/read', 'net/eth0/recv', 'procs/run'],
    'd072_tfvnrl_appended-2-runs.csv': ['cpu1 usage/wai', 'memory usage/used', 'dsk/vda/writ', 'io/vda/writ', 'net/eth0/send', 'load avg/1m'],
    'd072_tvfn.csv': ['cpu0 usage/sys', 'memory usage/used', 'dsk/vda/writ', 'system/int', 'procs/new'],
    'd073_T-explicit-lists-many-plugins.csv': [
        'total cpu usage/usr', 'dsk/vda/writ', 'net/lo/recv', 'memory usage/used',
        'most expensive/cpu process', 'most expensive/i/o process',
    ],
    'd073_tfvnrl.csv': ['total cpu usage/idl', 'memory usage/free', 'dsk/vda/read', 'io/vda/read', 'net/eth0/recv', 'system/csw'],
    'deb080_tfvnrl.csv': ['total cpu usage/usr', 'memory usage/used', 'dsk/vda/writ', 'io/vda/writ', 'net/eth0/recv', 'load avg/5m'],
    'deb080_tty80_tfvnrl.csv': ['total cpu usage/sys', 'memory usage/used', 'dsk/vda/writ', 'io/vda/writ', 'net/eth0/send', 'load avg/15m'],
    'deb080_tvfn.csv': ['total cpu usage/wai', 'memory usage/cach', 'dsk/vda/read', 'system/int', 'procs/blk'],
    'dool100_tfvnrl.csv': ['total cpu usage/usr', 'memory usage/used', 'dsk/vda/writ', 'io/vda/read', 'net/eth0/recv', 'load avg/1m'],
    'dool134_tfvnrl.csv': ['total cpu usage/usr', 'memory usage/avai', 'dsk/vda/read', 'dsk/vda/writ', 'net/eth0/recv', 'io/vda/writ'],
    'dool134_tfvnrl_bytes.csv': ['total cpu usage/sys', 'memory usage/used', 'dsk/vda/read', 'dsk/vda/writ', 'net/eth0/recv', 'io/vda/read'],
    'found__Dabz-dstat_graph__sample.csv': [
        'total cpu usage/usr', 'memory usage/used', 'memory usage/buff', 'net/total/recv', 'dsk/total/writ', 'paging/in',
    ],
    'found__bigdatalyn-visual-dstat__html.20190805-144620_dstat.csv': [
        'total cpu usage/usr', 'memory usage/cach', 'dsk/total/writ', 'net/total/send', 'system/int',
    ],
    'found__jschaub30-viz_dstat__dstat.csv': [
        'total cpu usage/idl', 'memory usage/used', 'memory usage/cach', 'dsk/total/writ', 'net/total/recv',
    ],
    'found__octu0-dstat-graph__examples_dstat_070.csv': [
        'total cpu usage/usr', 'memory usage/used', 'dsk/total/writ', 'net/total/recv', 'interrupts/43',
    ],
    'found__realnerdc0re-BSc-e1027075__logs_dstat.csv': [
        'total cpu usage/usr', 'dsk/total/writ', 'advanced memory usage/used', 'advanced memory usage/dirty',
        'most expensive i/o process/process              pid  read write cpu',
    ],
    'found__rodmoioliveira-Gnuplotting-Stuff__dstat_data_csv_dool_all.csv': [
        'total cpu usage/usr', 'memory usage/used', 'dsk/total/writ', 'net/total/recv', 'interrupts/139',
    ],
    'pcp-archive_dstat-diskfarm_1699disks_tfd.csv': ['dsk/sda/read', 'dsk/sda/writ', 'dsk/sdr/writ', 'dsk/sdbme/read', 'dsk/pmem0s/writ'],
    'pcp-archive_pcp-free-tera_192cpu_tfvnrl.csv': [
        'cpu0 usage/usr', 'cpu191 usage/idl', 'memory usage/used', 'dsk/sda/writ', 'net/enp51s0/send', 'load avg/1m',
    ],
    'pcp_tfvnrl.csv': ['cpu0 usage/usr', 'memory usage/used', 'memory usage/buff', 'dsk/vda/writ', 'net/lo/recv', 'io/total/writ'],
    'pcp_tty80_tfvnrl.csv': ['procs/run', 'memory usage/used', 'memory usage/cach', 'dsk/vda/read', 'dsk/vda/writ'],
    'pcp_tvfn_linux-pmda-died-midrun.csv': ['cpu0 usage/usr', 'memory usage/used', 'dsk/vda/writ', 'system/csw', 'procs/new'],
    'up074-py39_tfvnrl_crash.csv': [],
}

TITLE = re.compile(r'^\s*(pcp-dstat|dstat|dool)\s+(\S+)\s+CSV output\s*$', re.I)
META_KEYS = ('Author:', 'Host:', 'User:', 'Cmdline:', 'Date:', 'URL:')
MISSED = re.compile(r'^missed \d+ ticks?$')
NUMBER = re.compile(r'^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$')
MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
EPOCH0 = datetime.datetime(1970, 1, 1)


def read_lines(path):
    with open(path, 'rb') as f:
        text = f.read().decode('utf-8')
    if text.startswith('\ufeff'):
        text = text[1:]
    lines = text.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    return [l[:-1] if l.endswith('\r') else l for l in lines]


def fields_of(line):
    return next(csv.reader([line]))


def is_blank(line):
    return line.strip() == ''


def is_meta(line):
    if not line.startswith('"'):
        return False
    first = fields_of(line)[0]
    return first in META_KEYS or TITLE.match(first) is not None


def number(cell):
    return float(cell) if NUMBER.match(cell) else math.nan


def ms_of(dt):
    """Floating ms of a naive datetime (the host's wall clock read as if it were UTC)."""
    d = dt - EPOCH0
    return (d.days * 86400 + d.seconds) * 1000 + d.microseconds // 1000


def iso(ms):
    dt = EPOCH0 + datetime.timedelta(milliseconds=ms)
    return dt.strftime('%Y-%m-%dT%H:%M:%S.') + '%03dZ' % (dt.microsecond // 1000)


def parse_date(text):
    """`29 Nov 2026 20:45:49 UTC` -> (wall ms, year, zone)."""
    m = re.match(r'^(\d{1,2}) ([A-Za-z]{3}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2})\s*(.*)$', text.strip())
    if not m:
        return None
    dt = datetime.datetime(int(m[3]), MONTHS.index(m[2].lower()) + 1, int(m[1]), int(m[4]), int(m[5]), int(m[6]))
    return ms_of(dt), int(m[3]), m[7].strip()


def split_blocks(lines):
    """[(meta, group row, column row, [(line no, line)], first line no, column row line no)], 1-based."""
    blocks = []
    i = 0
    n = len(lines)
    while i < n and is_blank(lines[i]):
        i += 1
    while i < n:
        first = i + 1
        meta = {}
        while i < n and (is_blank(lines[i]) or is_meta(lines[i])):
            if not is_blank(lines[i]):
                f = fields_of(lines[i])
                if TITLE.match(f[0]):
                    meta['title'] = f[0]
                for k in range(len(f) - 1):
                    if f[k] in META_KEYS:
                        meta[f[k]] = f[k + 1]
            i += 1
        if i + 1 >= n:
            raise SystemExit('no header rows')
        group_row = fields_of(lines[i])
        column_row = fields_of(lines[i + 1])
        column_line = i + 2
        i += 2
        data = []
        while i < n and not is_meta(lines[i]):
            if not is_blank(lines[i]):
                data.append((i + 1, lines[i]))
            i += 1
        blocks.append((meta, group_row, column_row, data, first, column_line))
    return blocks


def producer_of(title, author, cmdline):
    m = TITLE.match(title or '')
    if m:
        name, version = m[1].lower(), m[2]
        if name == 'dstat':
            major = int(version.split('.')[0])
            name = 'dool' if major >= 1 else 'dstat'
        return name, version
    program = (cmdline or '').split(' ')[0]
    if 'pcp' in (author or '').lower() or 'pcp' in program:
        return 'pcp-dstat', ''
    if 'dool' in program:
        return 'dool', ''
    return 'dstat', ''


def column_names(group_row, column_row):
    width = len(column_row)
    while width > 1 and column_row[width - 1].strip() == '':
        width -= 1
    groups = []
    g = ''
    for k in range(width):
        if k < len(group_row) and group_row[k].strip():
            g = group_row[k].strip()
        groups.append(g)
    cols = []
    for k in range(width):
        c = column_row[k].strip()
        if c.startswith(groups[k] + ':') and len(c) > len(groups[k]) + 1:
            c = c[len(groups[k]) + 1:]
        cols.append(c)
    # group-level renames need all of a group's columns (pcp's swap: group "total", columns used/free)
    ids = []
    seen = Counter()
    for k in range(width):
        g = groups[k]
        same = [cols[j] for j in range(width) if groups[j] == g]
        if g == 'total usage':
            g = 'total cpu usage'
        elif g == 'swp/total':
            g = 'swap'
        elif g == 'total' and all(c in ('used', 'free') for c in same):
            g = 'swap'
        c = cols[k]
        if g == 'memory usage' and c == 'buf':
            c = 'buff'
        base = g + '/' + c
        seen[base] += 1
        ids.append(base if seen[base] == 1 else '%s#%d' % (base, seen[base]))
    return width, cols, ids


def factor_of(producer, version, cmdline, series_id):
    group = series_id.rsplit('/', 1)[0]
    if producer == 'pcp-dstat':
        if group in ('memory usage', 'swap') or group.startswith('dsk/'):
            return 1024
        if group == 'paging':
            return 4096
    if producer == 'dool':
        major, minor = (int(x) for x in version.split('.')[:2])
        if (major, minor) >= (1, 3) and '--bytes' not in cmdline.split():
            if group.startswith('dsk/') or group.startswith('net/'):
                return 1 / 8
    return 1


class Clock:
    """Time cells of one run -> floating ms."""

    def __init__(self, kind, date, first_cell):
        self.kind = kind
        self.year = date[1]
        self.date_wall = date[0]
        self.last_month = None
        self.offset = 0
        if kind == 'epoch':
            zone = date[2]
            m = re.match(r'^([+-])(\d{2}):?(\d{2})?$', zone)
            if zone in ('UTC', 'GMT'):
                self.offset = 0
            elif m:
                self.offset = (-1 if m[1] == '-' else 1) * (int(m[2]) * 60 + int(m[3] or 0)) * 60000
            else:
                quarter = 15 * 60000
                self.offset = round((date[0] - int(Decimal(first_cell) * 1000)) / quarter) * quarter

    def ms(self, cell):
        if self.kind == 'epoch':
            return int(Decimal(cell) * 1000) + self.offset
        m = re.match(r'^(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$', cell)
        if m:
            day, month = int(m[1]), int(m[2])
        else:
            m = re.match(r'^([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$', cell)
            month, day = MONTHS.index(m[1].lower()) + 1, int(m[2])
        if self.last_month is None:
            # Date: is written just before the first sample: the latest year that does not put the
            # sample more than a day after Date: (a replayed pcp archive is older than its Date:)
            for y in (self.year + 1, self.year, self.year - 1):
                t = ms_of(datetime.datetime(y, month, day, int(m[3]), int(m[4]), int(m[5])))
                if t <= self.date_wall + 86400000:
                    self.year = y
                    break
        elif month < self.last_month:
            self.year += 1
        self.last_month = month
        return ms_of(datetime.datetime(self.year, month, day, int(m[3]), int(m[4]), int(m[5])))


def read_run(block, title):
    meta, group_row, column_row, data, first_line, _ = block
    title = meta.get('title', title)
    cmdline = meta.get('Cmdline:', '')
    producer, version = producer_of(title, meta.get('Author:'), cmdline)
    width, cols, ids = column_names(group_row, column_row)
    time_col = next(k for k, c in enumerate(cols) if c in ('time', 'date/time', 'epoch'))
    kind = 'epoch' if cols[time_col] == 'epoch' else 'time'

    missed = [0, 0]  # ticks, rows

    def strip_notes(f):
        f = list(f)
        if len(f) > 1 and MISSED.match(f[-1]):  # a note, never a value (also on a short gap row)
            missed[0] += int(f.pop().split()[1])
            missed[1] += 1
        if len(f) > width and f[-1] == '':
            f.pop()
        return f

    parsed = [(no, strip_notes(fields_of(line))) for no, line in data]
    wider = sum(1 for _, f in parsed if len(f) > width)
    narrow_header = producer == 'pcp-dstat' and wider > len(parsed) / 2
    ranges = column_ranges(parsed[:64], width)
    counts = Counter()
    rows = []  # (line no, fields)
    dropped = []
    gaps = 0
    full_seen = False
    for no, f in parsed:
        is_gap = len(f) > time_col and f[time_col] != '' and all(x == '' for k, x in enumerate(f) if k != time_col)
        if len(f) == width or (narrow_header and len(f) > width):
            rows.append((no, f[:width]))
            gaps += is_gap
            full_seen = True
        elif is_gap:
            rows.append((no, [f[time_col] if k == time_col else '' for k in range(width)]))
            gaps += 1
        elif producer == 'pcp-dstat' and not full_seen and short_row_fits(f, width, time_col, ranges):
            rows.append((no, f + [''] * (width - len(f))))
            counts[len(f)] += 1
        else:
            dropped.append((no, len(f), width))  # line, fields, header width
            counts[len(f)] += 1
    if counts and counts.most_common(1)[0][1] * 2 > len(parsed):
        raise SystemExit('run at line %d refused: its rows do not line up with its header' % first_line)
    date = parse_date(meta.get('Date:', ''))
    clock = Clock(kind, date, rows[0][1][time_col] if rows else '0')
    times = [clock.ms(f[time_col]) for _, f in rows]
    since_boot = bool(rows) and rows[0][0] == data[0][0]
    return {
        'producer': producer, 'version': version, 'host': meta.get('Host:', ''), 'cmdline': cmdline,
        'zone': date[2] if date else '', 'width': width, 'ids': ids, 'time_col': time_col, 'rows': rows,
        'dropped': dropped, 'gaps': gaps, 'times': times, 'since_boot': since_boot, 'first_line': first_line,
        'narrow_header': narrow_header, 'missed': missed, 'extra_columns': max((len(f) for _, f in parsed), default=width) - width,
    }


def column_ranges(parsed, width):
    """Smallest and largest number of each column in the full-width rows (None when it has none)."""
    low, high, texts = [None] * width, [None] * width, [0] * width
    for _, f in parsed:
        if len(f) != width:
            continue
        for k, cell in enumerate(f):
            v = number(cell)
            if not math.isnan(v):
                low[k] = v if low[k] is None else min(low[k], v)
                high[k] = v if high[k] is None else max(high[k], v)
            elif cell != '':
                texts[k] += 1
    return low, high, texts


def short_row_fits(f, width, time_col, ranges):
    """A pcp-dstat row that stops early, every value where its column's full rows put values of that size."""
    if len(f) >= width or len(f) <= time_col or f[time_col] == '':
        return False
    low, high, texts = ranges
    for k, cell in enumerate(f):
        if k == time_col or cell == '':
            continue
        v = number(cell)
        if math.isnan(v):
            if texts[k] == 0 or low[k] is not None:  # a text cell only in a column of text
                return False
        elif low[k] is None or not (low[k] - abs(low[k]) / 2 - 1 <= v <= high[k] + abs(high[k]) + 1):
            return False
    return True


def clean_text(cell):
    return re.sub(r'[\x00-\x1f\x7f]+', ' ', cell).strip()


def js(value):
    """A TypeScript literal: strings as JSON, floats as repr (shortest round-trip, what JS prints too)."""
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def series_figures(run, sid):
    k = run['ids'].index(sid)
    cells = [f[k] for _, f in run['rows']]
    skip = 1 if run['since_boot'] else 0
    nonempty = [c for c in cells if c != '']
    texts = sum(1 for c in nonempty if math.isnan(number(c)))
    if texts > len(nonempty) - texts:
        shown = [clean_text(c) for c in cells]
        common = Counter(c for c in shown[skip:] if c).most_common(1)[0]
        return '{ kind: "text", csvColumn: %d, nonEmpty: %d, first: %s, last: %s, mostCommon: %s, mostCommonCount: %d }' % (
            k + 1, sum(1 for c in shown if c), js(shown[0]), js(shown[-1]), js(common[0]), common[1])
    factor = factor_of(run['producer'], run['version'], run['cmdline'], sid)
    values = [v * factor for v in (number(c) for c in cells[skip:]) if not math.isnan(v)]
    n = len(values)
    if n == 0:
        return '{ kind: "number", csvColumn: %d, count: 0 }' % (k + 1)
    ordered = sorted(values)
    total = 0.0
    for v in values:
        total += v
    p95 = ordered[(95 * n + 99) // 100 - 1]
    return '{ kind: "number", csvColumn: %d, count: %d, min: %s, avg: %s, p95: %s, max: %s }' % (
        k + 1, n, js(ordered[0]), js(total / n), js(p95), js(ordered[-1]))


def figures(name, all_series=False):
    """The figures of one fixture as a TypeScript object literal (the `FileFigures` of fixtures.test.ts)."""
    lines = read_lines(os.path.join(FIXTURES, name))
    blocks = split_blocks(lines)
    title = blocks[0][0].get('title', '')
    runs = [read_run(b, title) for b in blocks]
    last = runs[-1]
    out = ['  {', '    file: %s,' % js(name)]
    if not last['rows']:
        out.append('    noDataRows: { columnRowLine: %d },' % blocks[-1][5])
        out.append('  },')
        return out
    out.append('    producer: %s, version: %s, host: %s, timezone: %s,' % (
        js(last['producer']), js(last['version']), js(last['host']), js(last['zone'])))
    out.append('    runs: [')
    for r in runs:
        out.append('      { firstLine: %d, rows: %d, gaps: %d, sinceBoot: %s, firstRowLine: %d, lastRowLine: %d, '
                   'first: %s, dropped: [%s] },' % (
                       r['first_line'], len(r['rows']), r['gaps'], js(r['since_boot']), r['rows'][0][0],
                       r['rows'][-1][0], js(iso(r['times'][0])),
                       ', '.join('{ line: %d, fields: %d, width: %d }' % d for d in r['dropped'])))
    out.append('    ],')
    out.append('    first: %s, last: %s,' % (js(iso(last['times'][0])), js(iso(last['times'][-1]))))
    out.append('    series: %d, missedTicks: { ticks: %d, rows: %d },' % (
        len(last['ids']) - 1, last['missed'][0], last['missed'][1]))
    if last['narrow_header']:
        out.append('    headerCutShort: { named: %d, carried: %d },' % (last['width'], last['width'] + last['extra_columns']))
    out.append('    stats: {')
    wanted = [i for k, i in enumerate(last['ids']) if k != last['time_col']] if all_series else CHOSEN.get(name, [])
    for sid in wanted:
        out.append('      %s: %s,' % (js(sid), series_figures(last, sid)))
    out.append('    },')
    out.append('  },')
    return out


def check():
    """Exit 1 unless every figure printed here stands verbatim in test/shared/dstat/fixtures.test.ts."""
    test = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'shared', 'dstat', 'fixtures.test.ts')
    with open(test, encoding='utf-8') as f:
        text = f.read()
    bad = []
    for name in sorted(f for f in os.listdir(FIXTURES) if f.endswith('.csv')):
        entry = '\n'.join(figures(name))
        if 'noDataRows' not in entry and entry not in text:
            bad.append(name)
    print('figures differ or are missing for: ' + ', '.join(bad) if bad else 'fixtures.test.ts has every figure')
    return 1 if bad else 0


def main(argv):
    if '--check' in argv:
        sys.exit(check())
    all_series = '--all' in argv
    names = [a for a in argv if not a.startswith('--')]
    if not names:
        names = sorted(f for f in os.listdir(FIXTURES) if f.endswith('.csv'))
    for name in names:
        print('\n'.join(figures(os.path.basename(name), all_series)))


if __name__ == '__main__':
    main(sys.argv[1:])
