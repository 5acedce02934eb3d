#!/usr/bin/env python3
"""The authors' Flash entropy search (github YuanyueLi/MSEntropy, Apache-2.0, pure numpy) run over a library and
queries that scripts/spectrum-reference/run.mjs writes: the oracle of Compound DB's spectrum search. Not part of
the product; nothing of MSEntropy is copied into the repository (its checkout is given on the command line).

usage: reference.py MSENTROPY_DIR LIBRARY.jsonl QUERIES.json OUT.json [--top N] [--index-cache DIR] [--repeat N]

LIBRARY.jsonl: one spectrum a line {"id", "record", "precursor", "peaks": [[mz, intensity], ...]}.
QUERIES.json: [{"precursor", "peaks"}]. OUT.json: per query and mode the top N spectra [id, score, matched] (score
unrounded), the top N records [record, score, spectrum] (each record at its best spectrum), and per mode the
search times in ms (cleaning and search, as FlashEntropySearch.search does them; with --repeat N the queries are
searched N times over and each query's median time kept, as the spectrum bench times the service on a shared machine).
"""
import json
import sys
import time
from pathlib import Path

import numpy as np


def main():
    args = sys.argv[1:]
    top = 10
    cache = None
    repeat = 1
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i : i + 2]
    if "--top" in args:
        i = args.index("--top")
        top = int(args[i + 1])
        del args[i : i + 2]
    if "--index-cache" in args:
        i = args.index("--index-cache")
        cache = Path(args[i + 1])
        del args[i : i + 2]
    msentropy, library_file, queries_file, out_file = args
    sys.path.insert(0, msentropy)
    from ms_entropy import FlashEntropySearch

    search = FlashEntropySearch()
    started = time.perf_counter()
    library = []
    with open(library_file) as f:
        for line in f:
            s = json.loads(line)
            library.append({"precursor_mz": s["precursor"], "peaks": np.asarray(s["peaks"], dtype=np.float32).reshape(-1, 2), "id": s["id"], "record": s["record"]})
    loaded = False
    if cache and (cache / "ids.npy").exists():
        loaded = search.read(cache)
        ids = np.load(cache / "ids.npy")
        records = np.load(cache / "records.npy")
    if not loaded:
        built = search.build_index(library)
        ids = np.array([s["id"] for s in built], dtype=np.int64)
        records = np.array([s["record"] for s in built], dtype=np.int64)
        if cache:
            search.write(cache)
            np.save(cache / "ids.npy", ids)
            np.save(cache / "records.npy", records)
    build_s = time.perf_counter() - started
    del library

    with open(queries_file) as f:
        queries = json.load(f)

    modes = {
        "identity": lambda p, peaks: search.identity_search(precursor_mz=p, peaks=peaks, ms1_tolerance_in_da=0.01, ms2_tolerance_in_da=0.02, output_matched_peak_number=True),
        "open": lambda p, peaks: search.open_search(peaks=peaks, ms2_tolerance_in_da=0.02, output_matched_peak_number=True),
        "neutralLoss": lambda p, peaks: search.neutral_loss_search(precursor_mz=p, peaks=peaks, ms2_tolerance_in_da=0.02, output_matched_peak_number=True),
        "hybrid": lambda p, peaks: (search.hybrid_search(precursor_mz=p, peaks=peaks, ms2_tolerance_in_da=0.02), None),
    }
    # With --repeat N the queries are searched N times over, in turn (other queries between one query's searches, as
    # the spectrum bench does), and each query's median time is kept.
    spent = {mode: [[] for _ in queries] for mode in modes}
    answers = []
    for rep in range(repeat):
        for n, q in enumerate(queries):
            answer = {}
            for mode, run in modes.items():
                t = time.perf_counter()
                peaks = search.clean_spectrum_for_search(precursor_mz=q["precursor"], peaks=np.asarray(q["peaks"], dtype=np.float32).reshape(-1, 2))
                if len(peaks) == 0:
                    scores, matched = np.zeros(len(ids), dtype=np.float32), None
                else:
                    scores, matched = run(q["precursor"], peaks)
                spent[mode][n].append((time.perf_counter() - t) * 1000)
                if rep > 0:
                    continue
                hit = np.nonzero(scores > 0)[0]
                # By score, ties by spectrum ID.
                order = hit[np.lexsort((ids[hit], -scores[hit].astype(np.float64)))]
                spectra = [[int(ids[i]), float(scores[i]), None if matched is None else int(matched[i])] for i in order[:top]]
                best = {}
                for i in order:
                    r = int(records[i])
                    if r not in best:
                        best[r] = (float(scores[i]), int(ids[i]))
                ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))[:top]
                answer[mode] = {"spectra": spectra, "records": [[r, s, sid] for r, (s, sid) in ranked]}
            if rep == 0:
                answers.append(answer)
    times = {mode: [sorted(t)[len(t) // 2] for t in spent[mode]] for mode in modes}
    with open(out_file, "w") as f:
        json.dump({"indexed": int(len(ids)), "buildSeconds": build_s, "times": times, "answers": answers}, f)


if __name__ == "__main__":
    main()
