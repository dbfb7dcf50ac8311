"""The d20 Quick Rules pack's engine (Qt-free): task rolls, characters, documents.

``content`` loads ``content/d20-quick-rules/``; ``roll`` is the task roll; ``model`` the
character; ``validate`` its findings and counts; ``document`` its versioned JSON.
"""
