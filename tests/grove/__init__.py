""" "grove": a throwaway house-rule module used as the worked example of
``docs/modules.md``: its rules (``rules.py``), its view (``view.py``) and an installed
package's metadata naming both in the entry-point groups (``site.py``)."""
