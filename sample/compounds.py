"""Compounds used in a small analysis. Hover the InChIKeys and SMILES strings."""

COMPOUNDS = {
    "caffeine": {
        "inchikey": "RYYVLZVUVIJVGH-UHFFFAOYSA-N",
        "smiles": "CN1C=NC2=C1C(=O)N(C(=O)N2C)C",
    },
    "aspirin": {
        "inchikey": "BSYNRYMUTXBXSQ-UHFFFAOYSA-N",
        "smiles": "CC(=O)OC1=CC=CC=C1C(=O)O",
    },
    "ethanol": {
        "inchikey": "LFQSCWFLJHTTHZ-UHFFFAOYSA-N",
        "smiles": "CCO",
    },
    "benzene": {
        "inchikey": "UHOVQNZJYSORNB-UHFFFAOYSA-N",
        "smiles": "c1ccccc1",
    },
}


def keys():
    return [c["inchikey"] for c in COMPOUNDS.values()]
