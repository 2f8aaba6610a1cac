# right: a dataclass with a field factory and a __slots__-free record
from dataclasses import dataclass, field
@dataclass
class _Cell:
    token: int
    value: object
@dataclass
class FencedStore:
    cells: dict = field(default_factory=dict)
    def write(self, key, value, token):
        cell = self.cells.get(key)
        if cell is not None and not (token >= cell.token):
            return False
        self.cells[key] = _Cell(token, value)
        return True
    def read(self, key):
        cell = self.cells.get(key)
        return cell.value if cell else None
