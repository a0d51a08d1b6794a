# `make bench`: the PyScript hello-world worker's one export (tools/bench-pyscript-hello.html).
def ping():
    return 1


__export__ = ["ping"]
