"""Debian's chromium driven by selenium, headless, for the session's real-browser tests.

``.ci/run`` installs ``chromium`` and ``chromium-driver`` when they are missing; the tests
never skip.  Each browser gets a new empty profile folder and the flags that keep it
offline and quiet (no sync, no component updates, no QUIC)."""

from __future__ import annotations

import shutil
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium(width: int, height: int, mobile: bool = False):
    """A headless chromium whose page is ``width`` x ``height`` CSS pixels."""
    binary = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for f in FLAGS:
        opts.add_argument(f)
    profile = tempfile.mkdtemp(prefix="landsraad-chromium-")
    opts.add_argument(f"--user-data-dir={profile}")
    opts.add_argument(f"--window-size={width},{height}")
    if mobile:
        opts.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0}}
        )
    driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    driver.set_page_load_timeout(30)
    if not mobile:
        # the window's outer size includes nothing headless; make the page itself the size asked
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
    driver._landsraad_profile = profile
    return driver


def quit_browser(driver) -> None:
    profile = getattr(driver, "_landsraad_profile", None)
    try:
        driver.quit()
    finally:
        if profile:
            shutil.rmtree(profile, ignore_errors=True)


def wait(predicate, timeout: float = 20.0, step: float = 0.02):
    end = time.monotonic() + timeout
    last = None
    while time.monotonic() < end:
        try:
            last = predicate()
            if last:
                return last
        except Exception:  # noqa: BLE001 - the page is being redrawn
            last = None
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s")


def text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "body").text
