"""Hypothesis runs derandomized in CI, so a landing never hinges on a lucky draw; locally it
explores new examples each run (and replays past failures from .hypothesis/)."""
import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
