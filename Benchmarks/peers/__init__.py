"""Peers of dynrender's benchmarks that live in this repository: the raster backends
(rasterisers.py), the encoding helpers (encoding.py, pillow_gif.py, imagemagick/) and the
physics drivers (physics/, C and C++, built by scripts/bench-peers.sh)."""
