// minimal stand-in for Medjay Jump/Services/GameService.swift
final class GameService {
    func loop(_ callback: @escaping () -> Void) {}
}
