"""Across The Dune Sea fencing for Fudge (``content/across-the-dune-sea/``): fencers, their
maneuvers and findings, the Dueling System step by step, the Melee System's Initiative,
damage and the wound track.  No Qt here.

    content.load_fencing_content()      the pack as typed data
    model.Fencer                        a fencer (the "fencer" document)
    validate.fencer_findings(f, c)      findings, each with its rule line
    dice.FudgeDice                      4dF rolls, seeded or typed, logged
    duel.resolve_exchange(...)          one round of the Dueling System
    wounds                              damage, the damage roll and the wound boxes
    melee                               the Melee System's Initiative options
    edits                               the named edits the window and the command line share
    document                            "fencer" and "fencing-duel" in the one document codec
"""
