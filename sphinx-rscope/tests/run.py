"""Run the directive's unit tests and close with cargo's summary line, which
scripts/test.sh counts: `test result: ok. N passed; M failed`."""

import sys
import unittest
from pathlib import Path

here = Path(__file__).resolve().parent
suite = unittest.defaultTestLoader.discover(str(here), pattern="test_*.py", top_level_dir=str(here))
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors)
passed = result.testsRun - failed - len(result.skipped)
print(f"test result: {'ok' if result.wasSuccessful() else 'FAILED'}. {passed} passed; {failed} failed")
sys.exit(0 if result.wasSuccessful() and passed > 0 else 1)
