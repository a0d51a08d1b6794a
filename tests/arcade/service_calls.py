"""Calling the service as the page does, through its JSON transport (shared by the tests here)."""
import json


def call(svc, method, **params):
    return json.loads(svc.dispatch_json(json.dumps({"method": method, "params": params})))


def ok(svc, method, **params):
    res = call(svc, method, **params)
    assert res["ok"], res
    return res["result"]
