import Foundation
import Testing
import Vision

@Suite("Face engine (dlib)")
struct FaceEngineTests {
    func descriptor(_ photo: String) throws -> FaceDescriptor? {
        let image = try DecodedImage.load(path: ThirdParty.photo(photo)).fitting(maxSide: 1024)
        let faces = try ThirdParty.faces.faces(in: image)
        return faces.first?.descriptor
    }

    @Test func samePersonIsCloserThanDifferentPeople() throws {
        let obama = try #require(try descriptor("obama.jpg"))
        let obama2 = try #require(try descriptor("obama2.jpg"))
        let biden = try #require(try descriptor("biden.jpg"))
        let collins = try #require(try descriptor("astronaut.png"))
        let same = obama.distance(to: obama2)
        #expect(same < 0.6)
        #expect(obama.distance(to: biden) > 0.6)
        #expect(obama.distance(to: collins) > 0.6)
        #expect(biden.distance(to: collins) > 0.6)
    }

    @Test func aCatIsNotAFace() throws {
        let image = try DecodedImage.load(path: ThirdParty.photo("chelsea.png"))
        let faces = try ThirdParty.faces.faces(in: image, describing: 0)
        #expect(faces.isEmpty)
    }

    @Test func descriptorBytesRoundTrip() throws {
        let obama = try #require(try descriptor("obama.jpg"))
        #expect(FaceDescriptor(bytes: obama.bytes) == obama)
    }
}
