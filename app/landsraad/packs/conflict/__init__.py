"""The Dune conflict pack's engine (Qt-free): assets, zones and the order of action.

``content`` loads ``content/dune-conflict/``; ``assets`` is the asset record carried by
characters and Houses; ``order`` the order-of-action state machine; ``document`` its
versioned JSON.
"""
