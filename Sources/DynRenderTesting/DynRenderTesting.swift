@_exported import Diff
