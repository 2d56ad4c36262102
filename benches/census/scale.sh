#!/usr/bin/env bash
# The census on one thread, two threads and two MPI ranks, in turn, ROUNDS
# times: whole processes under /usr/bin/time, and the three databases
# compared row for row (docs/PERFORMANCE.md, "The census on one and two
# threads"). Needs OpenMPI and libclang (Debian: openmpi-bin
# libopenmpi-dev libclang-dev) and sqlite3.
#
#   benches/census/scale.sh [CELLS] [ROUNDS]      (default 13 cells, 4 rounds)
set -euo pipefail
cd "$(dirname "$0")/../.."
cells=${1:-13}
rounds=${2:-4}
cargo build --release --quiet -p gamelang-cli --features mpi
bin=$(mktemp -d)/gamelang
cp target/release/gamelang "$bin"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
scratch=$(mktemp -d)
census=(census games/domineering.game --cells "1..$cells")
for round in $(seq "$rounds"); do
    rm -f "$scratch"/*.sqlite
    echo "round $round"
    /usr/bin/time -f "  one thread: %e s, %M KB" "$bin" "${census[@]}" --db "$scratch/1.sqlite" --threads 1 >/dev/null
    /usr/bin/time -f "  two threads: %e s, %M KB" "$bin" "${census[@]}" --db "$scratch/2.sqlite" --threads 2 >/dev/null
    /usr/bin/time -f "  two ranks: %e s, %M KB (the largest process)" \
        mpirun -np 2 "$bin" "${census[@]}" --db "$scratch/3.sqlite" --mpi >/dev/null
    for db in 1 2 3; do
        sqlite3 "$scratch/$db.sqlite" "SELECT * FROM positions ORDER BY size, position" | md5sum
    done | uniq | wc -l | grep -qx 1 && echo "  the three databases are equal" || echo "  the databases DIFFER"
done
rm -rf "$scratch" "$(dirname "$bin")"
