"""The PEP 517 build backend of python/pyproject.toml: compiles dml_ref_shared.c (with ../dml_ref.h) into
libdml_ref.so and writes a wheel holding it beside dml_ref.py and dml_ref_capi.py. Standard library only,
so that pip needs neither the network nor setuptools."""
import base64
import hashlib
import os
import re
import shlex
import subprocess
import sysconfig
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ("dml_ref.py", "dml_ref_capi.py")


def _version():
    """The header's DMLREF_VERSION_MAJOR.MINOR.PATCH."""
    with open(os.path.join(HERE, "..", "dml_ref.h"), encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(r"#define DMLREF_VERSION_%s (\d+)" % p, text).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


def _tag():
    """py3-none-PLATFORM: the library is C, called through ctypes, for any Python 3."""
    return "py3-none-" + re.sub(r"[-.]", "_", sysconfig.get_platform())


def _compile(out):
    cc = shlex.split(os.environ.get("CC", "cc"))
    cmd = cc + ["-std=c99", "-O2", "-fPIC", "-shared", "-pthread", os.path.join(HERE, "dml_ref_shared.c"), "-o", out]
    subprocess.run(cmd, check=True)


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version, tag = _version(), _tag()
    dist_info = "dml_ref-%s.dist-info" % version
    name = "dml_ref-%s-%s.whl" % (version, tag)
    lib = os.path.join(wheel_directory, "libdml_ref.so.build")
    _compile(lib)
    files = []
    for module in MODULES:
        with open(os.path.join(HERE, module), "rb") as f:
            files.append((module, f.read()))
    with open(lib, "rb") as f:
        files.append(("libdml_ref.so", f.read()))
    os.remove(lib)
    files.append((dist_info + "/METADATA", ("Metadata-Version: 2.1\nName: dml_ref\nVersion: %s\n"
                                            "Requires-Python: >=3.8\nRequires-Dist: numpy\n" % version).encode()))
    files.append((dist_info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: dmlref_build\nRoot-Is-Purelib: false\n"
                                         "Tag: %s\n" % tag).encode()))
    record = [_record_line(n, d) for n, d in files] + [dist_info + "/RECORD,,"]
    files.append((dist_info + "/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files:
            info = zipfile.ZipInfo(n, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if n.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, d)
    return name
