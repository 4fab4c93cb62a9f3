# make install PREFIX=…  /  make uninstall PREFIX=…  (default /usr/local): see scripts/install.sh.
PREFIX ?= /usr/local

.PHONY: install uninstall
install:
	scripts/install.sh "$(PREFIX)"

uninstall:
	scripts/uninstall.sh "$(PREFIX)"
