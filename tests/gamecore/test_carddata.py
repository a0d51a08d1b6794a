import pytest

from gamecore.carddata import load_cards


@pytest.mark.parametrize("name,key", [("waterworks.json", "editions"), ("aqueducks.json", "factions")])
def test_card_files_are_found_next_to_py(name, key):
    assert key in load_cards(name)


def test_a_missing_card_file_names_itself():
    with pytest.raises(FileNotFoundError, match="cards/nothing.json"):
        load_cards("nothing.json")
