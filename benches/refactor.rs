//! `cargo bench --bench refactor [-- SHAPE... SIZE... --terraform]`: time
//! and peak memory of minimod's commands on generated `terraform_data`
//! configurations of 1k, 10k and 100k instances.
//!
//! Shapes:
//! - `flat`: no state and no references between objects. Old: a counted
//!   resource, a `for_each` resource and a counted module call (10
//!   instances) holding a counted resource. New: the count turned into
//!   `for_each` keyed by value, the `for_each` resource renamed, the module
//!   call renamed.
//! - `services`: what real estates look like (`shapes.rs`): a `for_each`
//!   module call over S services, each with N servers (an object input with
//!   a tags map) and a load balancer listing every server's id, the state
//!   terraform writes for it; the refactor renames the call. Timed:
//!   `refactor --state`, `plan --state`, `addresses`.
//! - `check`: a repository of R roots of the services shape (10 x 10 each),
//!   every call renamed between base and head; timed: `check`.
//!
//! Every measurement runs in a child process (this executable again), so
//! its peak memory (VmHWM, the process's max RSS) is its own, and its CPU
//! time (user + system, with its waited-for children: `check`'s git) is
//! printed beside the wall time: on a shared machine, compare CPU times.
//! Each command runs `MINIMOD_BENCH_RUNS` times (5 by default) in each
//! size's directory, the sizes taking turns (one run of each, then again),
//! so that every size meets the same machine; the line shows the median
//! run and the range of wall times (first-touch memory costs a varying
//! amount of kernel time on this virtual machine), and a `growth` line
//! after each command's sizes gives how much its median time and peak
//! memory grew from one size to the next (the goal: at most 11x for 10x).
//! `--terraform` instead times the services refactor beside `terraform
//! plan -refresh=false` + `show -json` on the new directory with the block,
//! their runs alternating, one size after the other.
//! `MINIMOD_BENCH_KEEP=DIR` keeps the generated directories under DIR (to
//! profile one command: `perf record -g --call-graph=dwarf
//! target/release/minimod refactor old new --state state.json` in
//! `DIR/services-10000`). `MINIMOD_TIMINGS=1` makes a command print each
//! of its steps with the time it began and the memory then (resident and
//! peak), on stderr.
//!
//! `benches/README.md` sums up what these measurements decided; the log
//! below keeps each one as it was taken, oldest first.
//!
//! ## Profiles (services, 10k, `refactor --state`)
//!
//! Before the changes these notes record (9.0 s CPU, 1004 MB). Self time: the allocator
//! about 35% (`cfree` 7.2%, `malloc_consolidate` 7.0%, `unlink_chunk`
//! 6.4%, `_int_free` 6.1%, `_int_malloc` 6.0%, `malloc` 2.7%), `memmove`
//! 5.9%, SipHash 6.1%, `memcmp` 3.4%, `hcl_quoted_string` 2.3%,
//! `resource_attr` 2.2%, `String::clone` 1.8%, `drop_in_place<Value>`
//! 1.8%, page faults about 9%. Inclusive: `Run::resource_value` (the
//! whole `server[*]` object for the splat, every name any expression reads
//! a memo vertex per instance) 37.7%, dropping the runs' caches 17.7%,
//! `StateInstance::value` (the state converted again by every run) 10.1%,
//! `fmt::write` 9%.
//!
//! After (2.7 s CPU, 347 MB): the allocator still about 30% (`_int_malloc`
//! 6.5%, `malloc_consolidate` 6.3%, `unlink_chunk` 5.2%, `cfree` 5.1%,
//! `_int_free` 4.8%, `malloc` 2.6%), `memcmp` 6.1% (string keys),
//! `memmove` 4.6%, `String::clone` 2.0%; inclusive: the two plans (before
//! the blocks, the proof) 19% each, the old side's `check_all` 12%,
//! reading the state JSON 11%, pairing 8.5%, converting the state's
//! values (once now) 5.7%. What is left is spread out: the next steps are
//! fewer allocations per instance (memo keys built by reference, addresses
//! interned, the state's attributes kept as raw JSON until read).
//!
//! Evaluation and the plans (glibc malloc, interleaved
//! runs on the loaded machine): 3.2-3.7 s CPU, 339 MB -> 2.7-3.0 s,
//! 332 MB. Changed: the runs' caches are searched with borrowed keys (no
//! module address or name copied per lookup); `server[*].id` reads only
//! each server's `id` (it was every attribute name read anywhere, each
//! looked up in the prior state), and a resource's value is built once
//! per module instance; a prior object is looked up once and the plan's
//! change to it decided once for all its computed attributes; the plan
//! walks the prior state unsorted, reads `moved_from` from the moves'
//! own map and skips the self-reference index when no object names its
//! own resource. After (3.6 s CPU under perf), inclusive: freeing at the
//! end 25% (the request's state 9.2%, the outcome 4.6%, the runs 5.5%),
//! reading the state 12.4%, the proof's plan 16.1%, the plan before the
//! blocks 11.3%, pairing 10.4%, converting the state's values on first
//! read (`with_prior_state`) 7.7%; the three `check_all`s 19%, of which
//! the splat is 16.7%: mostly the first evaluation of each server's
//! `input` (8.3%) and whether the plan changes it, which decides whether
//! `id` is known (5.3%, `compared_view`). What is left is the work
//! itself, three evaluations of every instance (old side, plan, proof)
//! and its allocations: next, the proof could reuse the plan's vertices
//! that read no prior object, and `cli` could skip freeing at exit.
//!
//! The state and the pairing (2026-12-01, same shape; samples at
//! 299 Hz of one run each, before then after, back to back; bench: 3.61 s ->
//! 2.46 s CPU, 340 -> 267 MB; `plan --state` 1.46 -> 0.85 s, 216 -> 143 MB;
//! at 100k 27.5 s, 2.53 GB and `plan --state` 9.7 s, 1.33 GB, against the
//! 31 s, 3.25 GB and 15 s, 2.06 GB measured before): `State::read` 110 ->
//! 18 samples (read once by serde visitors, each object's attributes kept
//! as text; no `serde_json::Value` tree, no `flatten` buffer), converting
//! the state's values 64 -> 35 (straight from the text; cty types read
//! once), dropping the state 63 -> 22, `pair_with` 117 -> 79 (one canonical
//! buffer per signature, known creates signed once, reference addresses
//! parsed once), `changed_arguments` + `compared_view` 62 -> 25 (no views
//! built to compare). Left in pairing: following each reference of a
//! dependent through `Follow::canon` every round (about 3%) and signing
//! every object once (about 2.5%).
//!
//! The pipeline (2026-12-02; callgrind counts at 1k,
//! perf at 100k): the phases of a refactor that share nothing mutable run
//! side by side on the machine's two cores (`parallel::side_by_side`): the
//! old side (28% of the work at 1k) beside the plan before the blocks, the
//! state's objects converted half on each thread first (before that, each
//! side converted its own copy of the state: 382 M -> 417 M instructions;
//! after, 387 M), the destroyed objects read beside the created ones, the
//! destroys signed beside the creates, the old run freed beside the pairing
//! and the new run beside the proof. With nothing to write, the plan before
//! the blocks is the proof (a check's every root planned once, not twice).
//! `check` reads its two revisions and discovers them at once (1.3 s ->
//! 1.0 s before the first root at 909 roots). `plan`'s renderer wrote each
//! value shown whole through nested `String`s and quoted character by
//! character (`render::whole` 37%, `go_quote` 13% of a 10k `plan`). At
//! 100k the phases (`MINIMOD_TIMINGS=1`, load 6): state read 0.3 s,
//! conversion 0.6 s, both sides 4.0 s, objects 1.3 s, pairing 1.9 s,
//! blocks 0.65 s, proof 5.1 s: the proof and the plan before it are the
//! critical path (`check_all` and the splat's first evaluation of each
//! server, 25%; the state's conversion 6%).
//!
//! The cost of evaluating one instance (2026-12-02, services 1k
//! `refactor --state`, callgrind instruction counts, which the machine's
//! load does not change): 386.5 M -> 313.7 M Ir; services 10k, five
//! interleaved runs at load about 2: 1.57 -> 1.19 s wall, 1.54 -> 1.18 s
//! CPU, 267 MB both (`MINIMOD_TIMINGS`: evaluating the old side, from
//! `expanding old` to the next step, 0.43 -> 0.26 s). Changed: a
//! vertex's cycle label (a formatted address per computed vertex,
//! 12.3 M) is made only when a cycle is
//! reported; `Resource::key` is a field (12.7 M of formatting), and
//! resources are found by address with a key built by `push_str`;
//! `resource_instances` sorts per resource and then the resources (23.8
//! -> 7.0 M); config's name maps and the function registry's index are
//! hashed with foldhash; object keys and template strings are taken
//! without a converted copy, and a template keeps its parts as ranges
//! until its result is unknown; a scope borrows its module instance.
//! Inclusive, before -> after: the plans' `diff::plan` 142.9 -> 103.0 M,
//! the three `check_all`s 140.3 -> 88.9 M, `core::fmt::write` 44.5 ->
//! 14.5 M, allocation (`mi_malloc_aligned`) 41.6 -> 36.6 M. Left, per
//! server `input` and run (three runs): about 11 k Ir, spread over its
//! five references (about 640 each: a memo lookup hashing the module
//! path, and a `String` clone of the value), `tostring` (2.1 k), the
//! template (2.5 k) and the objects' `BTreeMap`s; outside evaluation,
//! converting the state's objects on first read (37 M), the follow
//! closures that `unknown::resolve` calls for each unknown id (22 M:
//! address parsing and formatting in `plan`'s and the refactor's
//! `canon`), and `origins_as_text` formatting each origin twice (4.8 M).
//!
//! Memory (2026-12-02, interleaved runs on the
//! loaded machine, CPU = user + system): services `refactor --state` 10k
//! 262-268 MB -> 224-227 MB, CPU 1.2-1.5 s either way; 100k 2 344 MB ->
//! 2 003 MB, CPU 16.0-17.7 s -> 14.5-17.3 s (within the noise: the
//! system share alone varies 2-3.7 s from run to run); `plan --state`
//! (one pair each) 10k 198 -> 164 MB, 0.72 -> 0.52 s; 100k 1 472 ->
//! 1 203 MB, 8.2 -> 6.8 s; output byte-identical. Where the
//! memory goes (heaptrack, system allocator, 10k, peak heap 231 MB
//! before): the runs' cached values 80 MB (`Eval::expr` 52 MB: objects
//! are `BTreeMap`s, whose smallest node holds 11 entries, about 800 bytes
//! for a 3-key object), the state's converted values 46 MB (4.4 KB per
//! server: five such maps), the plans' changes 28 MB, the moved prior
//! state and the moves' map 22 MB, reading the state 14 MB, each run's
//! prior map about 9 MB. Changed: attributes recorded with the same text
//! (`input`/`output`, `tags`/`tags_all`) are one shared value; a state
//! object's rare fields are one `Option<Box<_>>` (a copy is ~260 bytes
//! smaller); collections after moves are sized exactly (they grew by
//! doubling); the refactor borrows the request's state instead of copying
//! it; no sorted walk of every object without `removed` blocks, no index
//! without `import` blocks; implied moves find recorded resources by hash
//! (a scan per resource grew with their square: the one superlinear step
//! found in code). Why 100k costs more than 10x 10k: user time grows
//! about 10-11x, but system time 0.07 s -> 2-3.7 s: 20-25% of a 100k run
//! is the kernel zeroing fresh pages (`clear_page_erms` under
//! `do_huge_pmd_anonymous_page`: mimalloc's memory is backed by 2 MB
//! transparent huge pages), so every byte not allocated is time. Next:
//! objects as sorted vectors instead of `BTreeMap`s (`lang::value::Attrs`)
//! would about halve both the state's and the runs' values; addresses
//! with shared module paths; one prior map shared by the runs.
//!
//! The proof and addresses (2026-12-02,
//! callgrind, services 1k `refactor --state`, all threads): 299.5 M ->
//! 215.8 M instructions. The proof starts from the plan before the blocks
//! (`instances::Reusable`: every answer that read no prior object), 64.9
//! -> 30.3 M: what it computes again is `lb`'s `server[*].id` (each id asks
//! whether the plan replaces its server: only `triggers_replace` is
//! compared now) and the diff of every moved object (`changed_arguments`
//! 4.6 M). The moves' changes are a hash map (a sorted map's inserts were
//! 7.6 M of the proof). Addresses share their parts (`Arc`): a module
//! instance's path, a resource's type and name (260 -> 220 M:
//! `String::clone` 16.5 M inclusive and `ModuleInstance::cmp` 6 M were
//! copies and comparisons of equal paths). An attribute's origin as text
//! no longer hashes its debug form (5 M). 100k (loaded machine): 8.9 ->
//! 7.0-7.8 s, 1.68 -> 1.57 GB; per phase: state read 1.0 s, conversion
//! 0.6 s, both sides 1.9 s, objects 0.9 s, pairing 1.1 s, blocks 0.3 s,
//! proof 1.2 s (was 2.3-5 s). Left on the main thread at 1k (153 M of
//! 216 M; the second thread does 63 M): reading the state 16 M (serde's
//! skipping of the attributes' text, read again when converted), the plan
//! before the blocks 36 M (its `check_all` 24 M; formatting each
//! instance's address for its unknowns' origins 2.8 M), the proof 30 M
//! (`lb`'s splat re-read 9 M), pairing and blocks.
//!
//! Objects as sorted vectors (2026-12-02, release, 2 cores,
//! load 2.4-4.7, interleaved runs, output byte-identical at 1k, 10k and
//! 100k and for `plan --state` 10k): `lang::value::Attrs` holds a
//! `lang::sorted_map::SortedMap` (one exact vector sorted by key, binary
//! search; built by collecting, sorted once, the last of repeated keys
//! kept) instead of a `BTreeMap`, and a `for_each` expansion shares the
//! map's entries. services `refactor --state`: 1k 57-59 -> 49 MB, 0.11 s
//! either way; 10k 205-217 -> 153-158 MB, 0.63-0.98 -> 0.54-0.73 s wall
//! (CPU 0.80-1.10 -> 0.67-0.82 s); 100k 1 709-1 721 -> 1 120-1 150 MB,
//! 9.9-11.5 -> 7.5-10.2 s wall (system time 1.9-3.5 -> 0.55-2.4 s: fewer
//! fresh pages); `plan --state` 10k 164 -> 135 MB. callgrind at 1k:
//! 299.7 M -> 290.1 M instructions. heaptrack (system allocator) at 10k:
//! peak heap 164.6 -> 113.2 MB. What is left on top: the plans' change
//! vectors (`plan::diff::plan`, grown by doubling: 15 MB at its peak;
//! sizing it exactly changed no peak RSS measurably at 100k), the objects
//! the evaluation builds (`Eval::object` 8.7 MB: the servers' inputs and
//! tags), reading the state (6.4 MB), `String` clones (6.2 MB), the
//! stable sort of the changes (4.7 MB of scratch).
//!
//! Pairing and blocks (2026-12-02; callgrind counts at 1k, then
//! `MINIMOD_TIMINGS` phases of interleaved runs at load 1.5 to 3; every
//! output byte-identical): services `refactor --state` 1k 300.0 M ->
//! 268.6 M Ir (`Sides::pair` 37.6 -> 24.7 M, `blocks_at` 15.3 -> 2.2 M,
//! reading the destroyed objects 12.7 -> 10.0 M); with one resource
//! added (so something is left unmatched and the pairing runs again for
//! the update hint) 334.3 -> 280.9 M (`Sides::pair` 68.0 -> 38.5 M); flat
//! 1k 249.6 -> 199.1 M (`Sides::pair` 52.1 -> 12.4 M, of which structural
//! choices 22.4 -> 2.5 M). 10k: services pairing 0.16-0.19 -> 0.09-0.18 s
//! (it runs beside freeing the old run, which bounds it under load),
//! blocks 0.03-0.05 -> 0.007-0.016 s, whole run 1.06 -> 0.91-1.01 s CPU;
//! flat pairing 0.15-0.23 -> 0.03-0.07 s, whole run 0.53-0.92 ->
//! 0.39-0.68 s. 100k: flat pairing 0.9-1.9 -> 0.52-0.54 s, whole run
//! 8.0-8.4 -> 6.3-6.8 s; services blocks 0.38-0.55 -> 0.12-0.14 s,
//! pairing 1.4-2.4 s either way (bounded as above), whole run 9.9-10.9 ->
//! 8.6-10.0 s. Peak memory: flat the same; services 10k 205-213 ->
//! 213-232 MB, 100k 1 730 -> 1 740-1 749 MB, but 193-198 against
//! 195-202 MB at 10k with `MIMALLOC_PURGE_DELAY=0`: pages freed and not
//! yet purged while the faster phases allocate, not more live data.
//! Changed: paired objects are flags, not `BTreeSet`s; destroys indexed by
//! kind and signature once per pairing, not per round; structural choices
//! compare numbered module instances and (module, resource) groups (no
//! address cloned per score, candidate groups tried from a member's
//! candidates rather than every pair of groups), the module distance only
//! among ties, and no scan of the choices made (quadratic: 40k twins at
//! flat 100k); the mapping hashed and filled only where a value with
//! references is signed; every object signed once for all of a refactor's
//! pairings; keys of canonical texts copied whole; the final mapping only
//! for leftovers; the old instances hashed for the destroys' lookups. Blocks
//! read the prior state by module instance (`blocks::Prior`, borrowed from
//! the state: a module move rebases one entry, not every object under it),
//! and a pair that a module move puts in place is dropped without building
//! its rebased address. Left in pairing (services 1k): following the load
//! balancers' references, 11.7 M, of which parsing each reference's
//! address once 7.1 M (`Follow::canon`); signing every object 3.7 M;
//! filling the mapping 2.5 M; dropping the objects 2.9 M.

//!
//! With the three changes above (2026-12-02, idle machine, load 1.4-2.4):
//! services 1k 180.5 M instructions (was 299.5 M), 10k 1 743 M (9.7x:
//! linear in instructions; the wall time's extra growth to 100k is memory:
//! the kernel zeroing fresh pages, 0.9-2.2 s of system time, and hash
//! tables of 100k addresses missing the cache, where `perf` puts
//! `AbsResourceInstance::eq`, `hashbrown`'s `equivalent` and `memcmp` on
//! top). The plan's comparisons of configured with recorded objects run
//! on both threads from 512 objects on (10k 0.54 -> 0.41-0.47 s). Left at
//! 100k (5.4-6.9 s): reading the state 0.9 s and converting it 0.3 s, both
//! sides 1.9 s, the changed objects 0.7 s, pairing 1.1 s, blocks 0.14 s,
//! the proof 1.2 s. Next: the state read in one pass straight into values
//! (today serde skips each attribute's text, which the conversion reads
//! again); memo keys hashed once per module instance (every reference
//! hashes the module path's names); the unknowns' origins naming their
//! object by address instead of by text (`lang` cannot name `addrs`
//! today, so each origin formats an address that the pairing parses back).
//!
//! Interned addresses and the state's text (2026-12-02; callgrind at 1k,
//! main thread):
//! addresses interned (`addrs::interned`: the plan's hash tables compared
//! and hashed `AbsResourceInstance`s by content, and `perf` put `eq`,
//! `memcmp` and `Key::view` on top at 100k), the splat reading one
//! attribute per instance, memo keys hashed once: 119.8 -> 92.5 M. Then
//! the state: each object's attributes a slice of the file's text (no
//! copy), its resources read in two halves on two threads
//! (`state::halves`): 92.3 -> 84.8 M; the pairing's set names a bitmask
//! and its signatures in chunks: all threads 139.3 -> 135.0 M; main
//! thread now 82.5 M, second 50.0 M. What is left on the main thread at
//! 1k: the plan before the blocks 22 M (the load balancers' splat reads
//! every server, whose `id` asks whether the plan replaces it), the proof
//! 16.6 M (its splats read prior objects, so they are evaluated again;
//! its diff compares every object), converting the state's values 13.4 M
//! (half), pairing 10.8 M, reading the state 7.6 M (half). At 10k the
//! proof is 20% of the main thread: 60 M evaluating (the servers' ids
//! through `changed_arguments_among`), 58 M comparing, 17.5 M moving the
//! state.
//!
//! Memory is time on this machine. It is a virtual machine that hands
//! freed memory back to its host (free page reporting), so memory touched
//! for the first time costs the host's page fault: up to about 2 ms per
//! MB, the same run at 100k took 1.6 s or 3.9 s by what ran before it
//! (system time 0.1 to 2.5 s; `perf`: `clear_page_erms` under huge page
//! faults, 30 to 70% of a phase). mimalloc's transparent huge pages made
//! it worse for small runs (1k: 47 MB resident for 21 MB used, 0.015 to
//! 0.105 s right after a terraform plan): the command line runs in small
//! pages (`cli::small_pages`). Peak memory at 100k: 946 -> 821 MB.
//!
//! The services state is now laid out as terraform writes it (indented,
//! 2.6x the compact bytes: 187 MB at 100k). At 1k the main thread then
//! does 98.2 M instructions (before the interned addresses and the
//! state's text above: 114.5 M), and converting
//! the state's values is its largest part after the plan: 22.6 M for its
//! half, with 13.7 M for reading its half of the resources, where serde
//! skips each object's attributes to find their text. Next: one pass,
//! converting the attributes while the resources are read (a seed), and
//! their text found again from the resource's span only when written
//! back: about 13% of the main thread at 1k.
//!
//! The state read by minimod's own cursor (2026-12-02; `state::scan`),
//! not serde's. serde's skipping of values
//! (`ignore_value`, `skip_to_escape`, `ignore_str`: a third of all
//! instructions at 1k) went over each object's attributes three or four
//! times: once to find their text, then once per level of the
//! conversion (each attribute, then each `{"value", "type"}` entry, as a
//! `RawValue` read again). Now the conversion reads each attribute once
//! (an attribute with the text of one read before, `output` after
//! `input`, is a `starts_with` and a shared value), and a large file's
//! resources are read by hand (`RawResource::scan`), skipping attributes
//! eight bytes at a time (spaces of indentation, string content). 1k,
//! callgrind: main thread 96.7 -> 83.9 M, second 64.0 -> 48.1 M;
//! converting the values 22.7 -> 13.0 M per half, reading the resources
//! about the same instructions before the word-at-a-time skipping. On the
//! machine (slow that day: terraform's plan took 3.9 s at 1k) alternating
//! whole-process runs against `a7c6635`: 1k 60.5 -> 56.0 ms median (CPU
//! 70 -> 66 ms, 40 runs each), 10k 466 -> 464 ms (CPU 668 -> 623 ms),
//! 100k 5.89 -> 5.71 s (CPU 8.6 -> 8.0 s). What is left is memory: at 1k
//! `perf stat` counts 3,300 page faults and 20 ms of system time in 67 ms
//! of CPU; touching fresh memory costs about 5 us a page here (1.3 ms per
//! MB; populated with `MAP_POPULATE`, 0.6 ms per MB), so the 17 MB a 1k
//! refactor touches are a third of its time. Next: touch less (the state
//! keeps its whole text: 187 MB at 100k), or touch ahead on the idle core
//! (pre-faulting the allocator's arena, as a JVM's `AlwaysPreTouch`).
//!
//! One pass over the state (2026-12-02): a large state's objects are
//! read into values in the pass that finds their text (the hand reader
//! skipped each object's attributes to find their end, and the conversion
//! read them again: 1k, callgrind, main thread 84.1 -> 74.9 M, second
//! 51.4 -> 43.1 M), and the file is read in two halves on two threads
//! (faulting the 1.9 MB it is read into was most of the read: 2.3-3.1 ->
//! 1.3-1.5 ms at 1k; 190 -> 100 ms at 100k). Alternating whole-process
//! runs against `85b347b`: 1k refactor 62.5 -> 56.6 ms median (40 runs,
//! the machine slow that hour), `plan` 43.3 -> 39.4 ms, 10k refactor
//! 442 -> 435 ms (9 runs; in a slower hour 537 -> 501 ms). Tried and
//! dropped: giving an untyped `{"value", "type"}` value its type after
//! reading it (instead of skipping it and reading it typed): 1% of
//! instructions, not worth its 70 lines; evaluating the
//! second half of `check_all`'s instances ahead in a run of its own on a
//! second thread, its answers taken when it met no failure, cycle or
//! deferral: the same output, but the plans run beside the old side's
//! expansion, whose core is already busy, and the proof's evaluation is a
//! third of the proof: 1k 54.4 -> 56.1 ms. The serial phases at 1k
//! (`MINIMOD_TIMINGS`, printed to 0.1 ms for this): pairing 4-10 ms (signing each load
//! balancer through the mapping twice; parsing each unknown's origin is
//! 2.3 M), the proof 9-11 ms (copying and moving the prior state 1.1-1.6
//! ms, evaluation 2-3 ms, comparison 2-3.7 ms on two threads), reading
//! the objects the plan changes 2.5-5.5 ms.
//!
//! Both cores (2026-12-02): the two cores were not both used. Across 40 runs of the 1k refactor, CPU time over wall time was
//! 1.03 to 1.33. A scheduler trace (`perf record -e sched:sched_wakeup_new
//! -e sched:sched_switch -a`) showed why: the system queued most spawned
//! threads on their parent's processor (`target_cpu` the parent's) while
//! the other idled, and the thread waited there for the parent's time
//! slice, up to 3.4 ms: the old side's expansion ran after the new plan,
//! not beside it. `parallel::side_by_side` now moves each thread it spawns
//! off its parent's processor (`pthread_setaffinity_np`, so the thread is
//! spawned unchecked and joined by a guard): 1k 27.1 -> 25.6 ms median (80
//! alternating runs), 10k 199 -> 192 ms. (2026-12-05: the thread became a
//! scoped one, which cannot be pinned before it runs; alternating runs of
//! both builds measured no loss without the pin: 10k 0.100-0.114 s both,
//! 100k 1.155-1.202 s against 1.200-1.247 s, 871-887 MB.) Also: a resource's objects are
//! shared (`state::Instances`) and moves take them out only when a
//! statement names one by key (1k, callgrind, main thread 74.3 -> 72.1 M;
//! page faults 3,186 -> 2,938: each plan copied the prior state and moved
//! it object by object); resource blocks are found by their interned
//! address, not by a key string built per lookup (72.1 -> 70.0 M); the
//! state's halves are backed in one `madvise(MADV_POPULATE_WRITE)` each
//! before the read copies into them (the copy's fault per page was half
//! of the read: 2.5 -> 1.2 ms; CPU 39.7 -> 38.6 ms). Touching 12 MB page
//! by page costs 6.7-7 ms here (2.3 us a page) and populating it in one
//! call 4.8-7.7 ms: faulting ahead pays under a file read only. Tried and
//! dropped: signing the creates that follow the mapping on two threads in
//! each round (2.7 M fewer instructions on the main thread, no gain at
//! 1k or 10k and more CPU: a thread per round, a lock per reference);
//! `_exit` to skip mimalloc's collection at exit (no change); disabling
//! huge pages before the first allocation (`.init_array`: 2.8 MB less
//! resident, 330 more faults, same time); mimalloc's purge, eager commit
//! and reclaim options (faults within 5%). Where the 1k time goes now
//! (`MINIMOD_TIMINGS`, a 25 ms run): checks 1 ms, reading the state 7 ms
//! (the read 1.2, the halves' scan 4.2 on two threads, belonging 0.6),
//! loading 1 ms, the new plan beside the old side 8-9 ms, the changed
//! objects 2-3 ms, pairing 3-4 ms (main thread), blocks 1 ms, proof 3-5 ms.
//!
//! Maps with an entry per object (2026-12-02): a command's sizes now take
//! turns, so the growth line compares sizes that met the same machine.
//! With that, the refactor grew 11.5x from 10k to 100k. Callgrind counts
//! 1 097 M and 10 955 M instructions (10.0x: nothing is superlinear in
//! work); what grows faster is waiting on memory. Comparing each symbol's
//! CPU time at 100k with ten times its time at 10k (`perf record -F 2000`,
//! three runs each) put the excess on maps with an entry per object:
//! the run's prior map (`with_prior_state`, 101,000 inserts in each of
//! three runs, and `prior_instance`'s probes: 19x), `InstanceIndex` (14x
//! to 16x), the memo's probes (`Key::view`, 12.6x), the pairing's
//! signature index and `Follow::canon` (27x and 30x), and `blocks_at`
//! filing every pair under its module's prefixes in a `BTreeMap` (2.24 M
//! path comparisons). Changed: `InstanceIndex` finds the resource first
//! (by its interned parts' identities), then the object by key, a count's
//! objects at their index, and serves the run's prior state too (a step
//! per resource to build): 100k 2.26 -> 1.94 s, 10k 201 -> 190 ms; the
//! module moves file each old module instance's run of pairs once
//! (`blocks_at` 384 -> 71 M instructions at 100k); the run's caches
//! (`run::KeyMap`) find the module instance, then the vertex: 100k 1.78
//! -> 1.73 s (CPU 2.73 -> 2.60 s), 10k 172 -> 167 ms. Alternating runs,
//! output byte-identical at 1k, 10k and 100k. Tried and dropped: huge
//! pages at 100k (2.13 s against 1.99 s without; at 10k 161 against 186
//! ms: the ratio worse); sizing the memo and `Follow`'s parsed addresses
//! ahead (rehashing was 3.7% of the 100k samples, but no change in wall
//! or CPU time); vertex names inline (`smol_str`: 100k -1.7%, 10k -1.4%,
//! not worth a dependency). Left, per phase from 10k to 100k
//! (`MINIMOD_TIMINGS`, six alternating runs): the state 10.5x, the new
//! plan 10.6x, the objects 10.6x, pairing 13.2x (main thread only: the
//! signature index's probe, and `Follow::canon` hashing each reference's
//! address text into a map of 100,000 and then the mapping), blocks
//! 10.0x, the proof 11.7x (the memo's probes and `SortedMap::get`).
//! Flat 100k (no state, 30,000 instance moves): deriving the blocks took
//! 0.68 s of 2.0 s, a sixth of it `dir_key`'s `realpath` once per move
//! and per block; each directory is now asked once (`blocks::DirKeys`):
//! 2.00 -> 1.87 s. Left there: `validate_moves` (its dependency graph)
//! and parsing each block's endpoints back from text for the proof.
//!
//! Check reads the index (2026-12-04): the head is what git
//! would commit, its blobs read through `git cat-file`, never the working
//! tree. `check` 909 roots, alternating runs beside the commit before
//! (a4c77e5), other builds running on the same two cores: with `--head`
//! 1.76 -> 1.74 s (CPU 1.95 -> 1.89 s), 74 -> 83 MB; without it (old:
//! the working tree, new: the index) 2.03 -> 1.68 s (CPU 1.98 -> 1.68 s:
//! system time 0.5 -> 0.14 s, one batch read instead of a file per open),
//! 60 -> 85 MB (the configuration blobs are held for the run).

mod shapes;

// The binary's allocator (src/main.rs), so the children measure what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

const MODULES: usize = 10;

/// Keys `0..n` as a list built with nested `for` expressions, because
/// `range()` stops at 1024 elements.
fn indices(n: usize) -> String {
    let inner = 1000;
    let outer = n.div_ceil(inner);
    format!(
        "[for i in flatten([for p in range({outer}) : [for q in range({inner}) : p * {inner} + q]]) : i if i < {n}]"
    )
}

fn write(dir: &Path, files: &[(&str, String)]) {
    for (name, text) in files {
        let path = dir.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The sizes of the three parts for `n` instances in all.
fn parts(n: usize) -> (usize, usize, usize) {
    let per_module = n * 4 / 10 / MODULES;
    let counted = n * 3 / 10;
    let each = n - counted - per_module * MODULES;
    (counted, each, per_module)
}

fn generate(root: &Path, n: usize) {
    let (counted, each, per_module) = parts(n);
    let module = r#"variable "n" {
  type = number
}

resource "terraform_data" "x" {
  count = var.n
  input = "x${count.index}"
}
"#
    .to_string();
    let locals = format!(
        r#"locals {{
  counted = {}
  each    = toset([for i in {} : "e${{i}}"])
}}
"#,
        indices(counted),
        indices(each)
    );
    let old = format!(
        r#"{locals}
resource "terraform_data" "counted" {{
  count = {counted}
  input = "c${{count.index}}"
}}

resource "terraform_data" "each" {{
  for_each = local.each
  input    = each.key
}}

module "m" {{
  source = "./mod"
  count  = {MODULES}
  n      = {per_module}
}}
"#
    );
    let new = format!(
        r#"{locals}
resource "terraform_data" "counted" {{
  for_each = toset([for i in local.counted : "c${{i}}"])
  input    = each.key
}}

resource "terraform_data" "renamed" {{
  for_each = local.each
  input    = each.key
}}

module "n" {{
  source = "./mod"
  count  = {MODULES}
  n      = {per_module}
}}
"#
    );
    write(
        &root.join("old"),
        &[("main.tf", old), ("mod/main.tf", module.clone())],
    );
    write(
        &root.join("new"),
        &[("main.tf", new), ("mod/main.tf", module)],
    );
}

/// What one measured command took: wall seconds, peak RSS in KB, and
/// user+system CPU seconds (the machine is shared, so wall time is noisy
/// and CPU time is what to compare).
type Measured = (f64, u64, f64);

/// A command measured several times (`MINIMOD_BENCH_RUNS`, 5 by default):
/// the run of median wall time, and the fastest and slowest wall times.
/// On this machine (a virtual machine that hands freed memory back to its
/// host) the first touch of fresh memory costs a varying amount of kernel
/// time, so one run says little.
struct Runs {
    median: Measured,
    range: (f64, f64),
}

fn runs() -> usize {
    std::env::var("MINIMOD_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(5)
}

impl Runs {
    /// The median of some measurements by wall time, with the range.
    fn of(mut all: Vec<Measured>) -> Runs {
        all.sort_by(|a, b| a.0.total_cmp(&b.0));
        Runs {
            median: all[all.len() / 2],
            range: (all[0].0, all[all.len() - 1].0),
        }
    }
}

/// One command measured [`runs`] times in each directory, the
/// directories taking turns (one run in each, then again), so every size
/// meets the same machine and their ratios mean something here.
fn measure(dirs: &[&Path], args: &[&str]) -> Vec<Runs> {
    let mut all: Vec<Vec<Measured>> = vec![Vec::new(); dirs.len()];
    for _ in 0..runs() {
        for (dir, out) in dirs.iter().zip(&mut all) {
            out.push(measure_once(dir, args));
        }
    }
    all.into_iter().map(Runs::of).collect()
}

/// One measured command: the child runs `minimod::main(args)` in
/// `dir` and writes `SECONDS MAXRSS_KB EXIT CPU_SECONDS` to the file in
/// `MINIMOD_BENCH_RESULT`.
fn measure_once(dir: &Path, args: &[&str]) -> Measured {
    let result = dir.join(".bench-result");
    let out = Command::new(std::env::current_exe().unwrap())
        .args(args)
        .current_dir(dir)
        .env("MINIMOD_BENCH_RESULT", &result)
        .stdout(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "bench child {args:?} failed: {err}");
    // Each command is asked to succeed: a proof, a plan with no changes.
    let text = fs::read_to_string(&result).unwrap();
    let mut f = text.split_whitespace();
    let secs = f.next().unwrap().parse().unwrap();
    let kb = f.next().unwrap().parse().unwrap();
    let code: i32 = f.next().unwrap().parse().unwrap();
    assert_eq!(code, 0, "minimod {args:?} exited {code}: {err}");
    let cpu = f.next().unwrap().parse().unwrap();
    (secs, kb, cpu)
}

/// User+system CPU seconds of this process (all its threads), from
/// `/proc/self/stat` (fields 14 to 17, in clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let stat = fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The command name (field 2) may hold spaces; fields follow its ')'.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // Its own and its waited-for children's (git, for `check`).
    (ticks(11) + ticks(12) + ticks(13) + ticks(14)) as f64 / 100.0
}

fn child(result: &str) {
    // The arguments after the program name are `minimod ARGS...`.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let start = Instant::now();
    let code = minimod::main(args);
    let secs = start.elapsed().as_secs_f64();
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0);
    let cpu = cpu_seconds();
    fs::write(result, format!("{secs} {kb} {code} {cpu}\n")).unwrap();
}

fn report(shape: &str, command: &str, n: usize, runs: &Runs, note: &str) {
    let (secs, kb, cpu) = runs.median;
    let (min, max) = runs.range;
    println!(
        "{shape:<9} {command:<10} {n:>7} instances: {secs:>9.3} s ({min:.3}-{max:.3}) {cpu:>8.2} s CPU {:>9.1} MB{note}",
        kb as f64 / 1024.0
    );
}

/// Services and servers per service for `n` instances in all.
fn services_for(n: usize) -> (usize, usize) {
    match n {
        ..=1_500 => (20, 50),
        1_501..=15_000 => (100, 100),
        _ => (n / 100, 100),
    }
}

/// Runs terraform in `dir`; it must succeed.
fn terraform(dir: &Path, args: &[&str]) {
    let out = Command::new("terraform")
        .args(args)
        .current_dir(dir)
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .env("TF_IN_AUTOMATION", "1")
        .output()
        .expect("terraform on PATH");
    assert!(
        out.status.success(),
        "terraform {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `terraform plan -refresh=false` + `show -json` in an initialized `dir`.
fn terraform_plan(dir: &Path) -> f64 {
    let start = Instant::now();
    terraform(dir, &["plan", "-refresh=false", "-input=false", "-out=p"]);
    terraform(dir, &["show", "-json", "p"]);
    start.elapsed().as_secs_f64()
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Each size's line, then how much time and memory grew from one size to
/// the next (the runs took turns, so the machine was the same for both).
fn report_sizes(shape: &str, command: &str, sizes: &[usize], runs: &[Runs], notes: &[String]) {
    for ((&n, m), note) in sizes.iter().zip(runs).zip(notes) {
        report(shape, command, n, m, note);
    }
    let steps: Vec<String> = sizes
        .windows(2)
        .zip(runs.windows(2))
        .map(|(n, m)| {
            let ((t0, kb0, _), (t1, kb1, _)) = (m[0].median, m[1].median);
            format!(
                "{} -> {}: time {:.1}x, memory {:.1}x",
                n[0],
                n[1],
                t1 / t0,
                kb1 as f64 / kb0 as f64
            )
        })
        .collect();
    if !steps.is_empty() {
        println!("{shape:<9} {command:<10} growth: {}", steps.join("; "));
    }
}

/// The services shape's refactor measured beside terraform's plan of the
/// same directory (with the block and the state), their runs alternating
/// so both meet the same machine; the note gives terraform's median.
fn beside_terraform(root: &Path, refactor: &[&str]) -> (Runs, String) {
    let tf = root.join("terraform");
    copy_dir(&root.join("new"), &tf);
    fs::write(
        tf.join("moved.tf"),
        "moved {\n  from = module.svc\n  to   = module.service\n}\n",
    )
    .unwrap();
    fs::copy(root.join("state.json"), tf.join("terraform.tfstate")).unwrap();
    terraform(&tf, &["init", "-input=false"]);
    let mut times = Vec::new();
    let mut ours = Vec::new();
    for _ in 0..runs() {
        times.push(terraform_plan(&tf));
        ours.push(measure_once(root, refactor));
    }
    times.sort_by(f64::total_cmp);
    let t = times[times.len() / 2];
    let m = Runs::of(ours);
    let note = format!(
        "  (terraform plan + show -json {t:.3} s: {:.0}x)",
        t / m.median.0
    );
    (m, note)
}

fn main() {
    if let Ok(result) = std::env::var("MINIMOD_BENCH_RESULT") {
        return child(&result);
    }
    // `cargo bench` passes `--bench`; other words pick shapes and sizes.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut sizes: Vec<usize> = args
        .iter()
        .filter_map(|a| a.replace(['_', ','], "").replace('k', "000").parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = vec![1_000, 10_000, 100_000];
    }
    let all = ["flat", "services", "check"];
    let mut shapes: Vec<&str> = all
        .into_iter()
        .filter(|s| args.iter().any(|a| a == s))
        .collect();
    if shapes.is_empty() {
        shapes = all.to_vec();
    }
    let with_terraform = args.iter().any(|a| a == "--terraform");
    for shape in shapes {
        // Every size is generated first, so their runs can take turns.
        let mut temps = Vec::new();
        let mut roots = Vec::new();
        let mut counts = Vec::new();
        for &n in &sizes {
            // `MINIMOD_BENCH_KEEP=DIR` generates into DIR/SHAPE-N and keeps
            // it, to profile one command by hand.
            let root = match std::env::var_os("MINIMOD_BENCH_KEEP") {
                Some(d) => {
                    let k = Path::new(&d).join(format!("{shape}-{n}"));
                    let _ = fs::remove_dir_all(&k);
                    fs::create_dir_all(&k).unwrap();
                    k
                }
                None => {
                    let tmp = tempfile::tempdir().unwrap();
                    let path = tmp.path().to_path_buf();
                    temps.push(tmp);
                    path
                }
            };
            counts.push(match shape {
                "flat" => {
                    generate(&root, n);
                    n
                }
                "services" => {
                    let (s, per) = services_for(n);
                    shapes::services(&root, s, per);
                    s * (per + 1)
                }
                _ => {
                    let r = (n / 110).max(1);
                    shapes::many_roots(&root, r, 10, 10);
                    r * 110
                }
            });
            roots.push(root);
        }
        let dirs: Vec<&Path> = roots.iter().map(|r| r.as_path()).collect();
        let plain = vec![String::new(); dirs.len()];
        match shape {
            "flat" => {
                let m = measure(&dirs, &["minimod", "refactor", "old", "new"]);
                report_sizes(shape, "refactor", &counts, &m, &plain);
            }
            "services" => {
                let refactor = ["minimod", "refactor", "old", "new", "--state", "state.json"];
                let (m, notes) = if with_terraform {
                    // Each size beside terraform instead (name the sizes:
                    // at 100k terraform takes hours).
                    dirs.iter().map(|d| beside_terraform(d, &refactor)).unzip()
                } else {
                    (measure(&dirs, &refactor), plain.clone())
                };
                report_sizes(shape, "refactor", &counts, &m, &notes);
                let plan = [
                    "minimod",
                    "plan",
                    "old",
                    "--state",
                    "state.json",
                    "--detailed-exitcode",
                ];
                report_sizes(shape, "plan", &counts, &measure(&dirs, &plan), &plain);
                let addresses = ["minimod", "addresses", "old"];
                report_sizes(
                    shape,
                    "addresses",
                    &counts,
                    &measure(&dirs, &addresses),
                    &plain,
                );
            }
            _ => {
                let check = ["minimod", "check", "--base", "base", "--head", "head", "."];
                let m = measure(&dirs, &check);
                let notes: Vec<String> = counts
                    .iter()
                    .map(|c| format!("  ({} roots)", c / 110))
                    .collect();
                report_sizes(shape, "check", &counts, &m, &notes);
            }
        }
    }
}
