"""The HTML replay page in a real headless Chromium: it loads without console errors,
moving the slider changes the HP shown, and names are text, never markup."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.helpers import ok

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def _driver():
    reason = None
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        reason = "selenium is not installed"
    if reason is None and not (CHROMIUM and DRIVER):
        reason = "Debian's chromium and chromium-driver are not installed"
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser test: {reason}")
        pytest.skip(reason)
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


@pytest.fixture
def page(sqlite_store, tmp_path):
    s = sqlite_store
    ok(s, "new 'Page test' --seed 1")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --init 3")
    ok(s, "add", "<script>alert(1)</script>", "--hp", "20", "--ac", "12")
    ok(s, "init Bruna=15 <script>alert(1)</script>=3")
    ok(s, "attack", "Bruna", "<script>alert(1)</script>", "--bonus", "5", "--vs", "ac",
       "--roll", "14", "--dmg", "8")
    ok(s, "undo --reason '<b>oops</b>'")
    ok(s, "attack", "Bruna", "<script>alert(1)</script>", "--bonus", "5", "--vs", "ac",
       "--roll", "14", "--dmg", "6")
    path = tmp_path / "replay.html"
    ok(s, "export", "--format", "html", "-o", str(path))
    return path


def test_the_replay_page_works_in_a_real_browser(page):
    html = page.read_text()
    assert "http://" not in html and "https://" not in html  # self-contained
    assert "<script>alert(1)</script>" not in html
    driver = _driver()
    try:
        driver.get(page.as_uri())
        errors = [m for m in driver.get_log("browser") if m["level"] == "SEVERE"]
        assert errors == []
        hp = lambda: driver.execute_script(
            "const r = [...document.querySelectorAll('#panel tbody tr')]"
            ".find(r => r.dataset.name === '<script>alert(1)</script>');"
            "return r ? r.querySelector('.hp').textContent : null;")
        last = int(driver.execute_script("return document.getElementById('slider').max"))
        driver.execute_script(
            "const s = document.getElementById('slider'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", last)
        assert hp() == "14/20"   # 20 - 6 (the undone 8 never counts)
        driver.execute_script(
            "const s = document.getElementById('slider'); s.value = 8;"
            "s.dispatchEvent(new Event('input'));")
        assert hp() == "20/20"
        names = driver.execute_script(
            "return [...document.querySelectorAll('#panel tbody td:first-child')]"
            ".map(td => td.textContent)")
        assert "<script>alert(1)</script>" in names
        from selenium.common.exceptions import NoAlertPresentException
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text
        log_text = driver.execute_script("return document.getElementById('log').textContent")
        assert "<b>oops</b>" in log_text
    finally:
        driver.quit()
