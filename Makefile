# Rscope's two everyday commands: `make serve` and `make test`.
# Everything they need is installed by scripts/setup.sh, which skips what is
# already there.

PORT ?= 8080

.PHONY: serve test setup build lint fuzz bench
serve: build
	node www/serve.mjs --port $(PORT)

test: setup
	bash scripts/test.sh

setup:
	bash scripts/setup.sh

build: setup
	bash scripts/build.sh
